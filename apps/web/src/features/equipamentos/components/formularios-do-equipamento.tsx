import { limiteDaProrrogacao, PRORROGACOES } from '@laudos/domain';
import { EXAMES_DO_TIPO, type ExameDeEquipamento, NOMES_DOS_EXAMES } from '@laudos/domain/api';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { AcoesDoFormulario } from '../../../components/ui/acoes-do-formulario';
import { buttonClass } from '../../../components/ui/button';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { FormAlert } from '../../../components/ui/form-alert';
import { errorMessage, errorsFromRequest, type FieldErrors, focusFirstError } from '../../../lib/validation';
import type { Equipamento } from '../api/equipamento';
import {
  type NovaProrrogacao,
  type NovoEvento,
  useRegistrarEvento,
  useRegistrarInspecao,
  useSolicitarProrrogacao,
} from '../api/mutations';

/*
 * The forms of the equipment page. Each sends one action; the answer is the whole equipment with
 * its dates recomputed, which the page shows at once (`onFeito` says what happened).
 */

type Props = { equipamento: Equipamento; onFeito: (mensagem: string) => void; onCancelar: () => void };

export const NOMES_DOS_RESULTADOS: Record<string, string> = {
  aprovado: 'Aprovado',
  aprovado_com_recomendacoes: 'Aprovado com recomendações',
  reprovado: 'Reprovado',
};
export const NOMES_DOS_TIPOS_DE_INSPECAO: Record<string, string> = {
  inicial: 'Inicial',
  periodica: 'Periódica',
  extraordinaria: 'Extraordinária',
  registro_anterior: 'Registro anterior',
};
export const NOMES_DOS_EVENTOS: Record<NovoEvento['tipo'], string> = {
  parada: 'Parada',
  retorno: 'Retorno à operação',
  alteracao: 'Alteração ou reparo',
  mudanca_de_local: 'Mudança de local',
  acidente: 'Acidente',
};
export const NOMES_DAS_PRORROGACOES: Record<NovaProrrogacao['tipo'], string> = {
  forca_maior: 'Força maior (até 6 meses)',
  inspecao_nao_intrusiva: 'Inspeção não intrusiva (até metade do intervalo)',
};

function Formulario({
  titulo,
  erro,
  enviando,
  rotulo,
  onSubmit,
  onCancelar,
  formRef,
  children,
}: {
  titulo: string;
  erro: string | null;
  enviando: boolean;
  rotulo: string;
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  onCancelar: () => void;
  formRef: React.RefObject<HTMLFormElement | null>;
  children: ReactNode;
}) {
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={onSubmit}
      aria-label={titulo}
      className="mt-4 space-y-4 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200"
    >
      <h3 className="font-semibold text-slate-900">{titulo}</h3>
      {erro ? <FormAlert>{erro}</FormAlert> : null}
      {children}
      <AcoesDoFormulario>
        <button type="button" onClick={onCancelar} className={buttonClass('secondary')}>
          Cancelar
        </button>
        <button
          type="submit"
          disabled={enviando}
          aria-busy={enviando || undefined}
          className={buttonClass('primary')}
        >
          {enviando ? 'Salvando…' : rotulo}
        </button>
      </AcoesDoFormulario>
    </form>
  );
}

function useEnvio<K extends string>() {
  const formRef = useRef<HTMLFormElement>(null);
  const [erros, setErros] = useState<FieldErrors<K>>({});
  const [erro, setErro] = useState<string | null>(null);
  async function tentar(acao: () => Promise<unknown>, ok: () => void) {
    setErro(null);
    setErros({});
    try {
      await acao();
      ok();
    } catch (e) {
      const porCampo = errorsFromRequest<K>(e);
      setErros(porCampo);
      setErro(errorMessage(e));
      requestAnimationFrame(() => focusFirstError(formRef.current, porCampo));
    }
  }
  return { formRef, erros, erro, tentar };
}

type Recomendacao = { descricao: string; prazo: string; responsavel: string };

export function InspecaoForm({ equipamento, onFeito, onCancelar }: Props) {
  const exames = EXAMES_DO_TIPO[equipamento.tipo];
  const [tipo, setTipo] = useState<'inicial' | 'periodica' | 'extraordinaria'>('periodica');
  const [feitos, setFeitos] = useState<ExameDeEquipamento[]>([...exames]);
  const [dataInicio, setDataInicio] = useState('');
  const [dataFim, setDataFim] = useState('');
  const [phNome, setPhNome] = useState('');
  const [phCrea, setPhCrea] = useState('');
  const [resultado, setResultado] = useState<'aprovado' | 'aprovado_com_recomendacoes' | 'reprovado'>(
    'aprovado',
  );
  const [parecer, setParecer] = useState('');
  const [recomendacoes, setRecomendacoes] = useState<Recomendacao[]>([]);
  const [planejadas, setPlanejadas] = useState<Partial<Record<ExameDeEquipamento, string>>>({});
  const registrar = useRegistrarInspecao();
  const { formRef, erros, erro, tentar } = useEnvio<string>();

  function enviar(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    void tentar(
      () =>
        registrar.mutateAsync({
          id: equipamento.id,
          tipo,
          exames: feitos,
          dataInicio: dataInicio || null,
          dataFim,
          phNome,
          phCrea,
          resultado,
          parecer: parecer.trim() || null,
          recomendacoes: recomendacoes.map((r) => ({
            descricao: r.descricao,
            prazo: r.prazo || null,
            responsavel: r.responsavel.trim() || null,
          })),
          proximasPlanejadas: Object.fromEntries(
            Object.entries(planejadas).filter(
              ([exame, data]) => data && feitos.includes(exame as ExameDeEquipamento),
            ),
          ),
        }),
      () => onFeito('Inspeção registrada. As próximas datas foram recalculadas.'),
    );
  }

  return (
    <Formulario
      titulo="Registrar inspeção"
      rotulo="Registrar inspeção"
      erro={erro}
      enviando={registrar.isPending}
      onSubmit={enviar}
      onCancelar={onCancelar}
      formRef={formRef}
    >
      <SelectField
        label="Tipo de inspeção"
        name="tipo"
        value={tipo}
        error={erros.tipo}
        onChange={(e) => setTipo(e.target.value as typeof tipo)}
      >
        <option value="inicial">Inicial</option>
        <option value="periodica">Periódica</option>
        <option value="extraordinaria">Extraordinária</option>
      </SelectField>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-900">Exames realizados</legend>
        {exames.map((exame) => (
          <CheckboxField
            key={exame}
            name="exames"
            label={NOMES_DOS_EXAMES[exame]}
            checked={feitos.includes(exame)}
            onChange={(e) =>
              setFeitos(e.target.checked ? [...feitos, exame] : feitos.filter((x) => x !== exame))
            }
          />
        ))}
        {erros.exames ? <p className="text-sm font-medium text-red-700">{erros.exames}</p> : null}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Data de início"
          optional
          type="date"
          name="dataInicio"
          value={dataInicio}
          error={erros.dataInicio}
          onChange={(e) => setDataInicio(e.target.value)}
        />
        <TextField
          label="Data de conclusão"
          type="date"
          name="dataFim"
          value={dataFim}
          error={erros.dataFim}
          onChange={(e) => setDataFim(e.target.value)}
        />
        <TextField
          label="Profissional habilitado (PH)"
          name="phNome"
          value={phNome}
          error={erros.phNome}
          onChange={(e) => setPhNome(e.target.value)}
        />
        <TextField
          label="CREA do PH"
          name="phCrea"
          value={phCrea}
          error={erros.phCrea}
          onChange={(e) => setPhCrea(e.target.value)}
        />
      </div>
      <SelectField
        label="Resultado"
        name="resultado"
        value={resultado}
        error={erros.resultado}
        onChange={(e) => setResultado(e.target.value as typeof resultado)}
      >
        {Object.entries(NOMES_DOS_RESULTADOS).map(([valor, nome]) => (
          <option key={valor} value={valor}>
            {nome}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        label="Parecer"
        optional
        name="parecer"
        rows={3}
        value={parecer}
        error={erros.parecer}
        onChange={(e) => setParecer(e.target.value)}
      />
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-slate-900">Recomendações</legend>
        {recomendacoes.map((r, i) => {
          const mudar = (campo: keyof Recomendacao, valor: string) =>
            setRecomendacoes(recomendacoes.map((x, j) => (j === i ? { ...x, [campo]: valor } : x)));
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows without an id, edited in place
            <div key={i} className="grid gap-3 rounded-lg bg-white p-3 ring-1 ring-slate-200 sm:grid-cols-2">
              <TextAreaField
                className="sm:col-span-2"
                label={`Recomendação ${i + 1}`}
                name="recomendacoes"
                rows={2}
                value={r.descricao}
                onChange={(e) => mudar('descricao', e.target.value)}
              />
              <TextField
                label="Prazo"
                optional
                type="date"
                value={r.prazo}
                onChange={(e) => mudar('prazo', e.target.value)}
              />
              <TextField
                label="Responsável"
                optional
                value={r.responsavel}
                onChange={(e) => mudar('responsavel', e.target.value)}
              />
              <div className="sm:col-span-2">
                <button
                  type="button"
                  className={buttonClass('ghost', 'sm')}
                  onClick={() => setRecomendacoes(recomendacoes.filter((_, j) => j !== i))}
                >
                  Remover recomendação {i + 1}
                </button>
              </div>
            </div>
          );
        })}
        {erros.recomendacoes ? (
          <p className="text-sm font-medium text-red-700">{erros.recomendacoes}</p>
        ) : null}
        <button
          type="button"
          className={buttonClass('secondary', 'sm')}
          onClick={() => setRecomendacoes([...recomendacoes, { descricao: '', prazo: '', responsavel: '' }])}
        >
          Adicionar recomendação
        </button>
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="text-sm font-medium text-slate-900">Próxima data planejada pelo PH</legend>
        {exames
          .filter((exame) => feitos.includes(exame))
          .map((exame) => (
            <TextField
              key={exame}
              label={NOMES_DOS_EXAMES[exame]}
              optional
              type="date"
              name="proximasPlanejadas"
              hint="Pode ser antes do prazo máximo da norma, nunca depois."
              value={planejadas[exame] ?? ''}
              onChange={(e) => setPlanejadas({ ...planejadas, [exame]: e.target.value })}
            />
          ))}
        {erros.proximasPlanejadas ? (
          <p className="text-sm font-medium text-red-700">{erros.proximasPlanejadas}</p>
        ) : null}
      </fieldset>
    </Formulario>
  );
}

export function ProrrogacaoForm({ equipamento, onFeito, onCancelar }: Props) {
  const exames = EXAMES_DO_TIPO[equipamento.tipo];
  const [exame, setExame] = useState<ExameDeEquipamento>(exames[0]!);
  const [tipo, setTipo] = useState<NovaProrrogacao['tipo']>('forca_maior');
  const [meses, setMeses] = useState('');
  const [justificativa, setJustificativa] = useState('');
  const [phNome, setPhNome] = useState('');
  const [phCrea, setPhCrea] = useState('');
  const [aviso, setAviso] = useState('');
  const solicitar = useSolicitarProrrogacao();
  const { formRef, erros, erro, tentar } = useEnvio<string>();
  const intervalo = equipamento.exames.find((x) => x.exame === exame)?.intervaloMeses ?? null;
  const limite = limiteDaProrrogacao(tipo, intervalo);

  function enviar(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    void tentar(
      () =>
        solicitar.mutateAsync({
          id: equipamento.id,
          exame,
          tipo,
          meses: meses.trim() === '' ? Number.NaN : Number(meses),
          justificativa,
          phNome,
          phCrea,
          avisoSindicatoEm: aviso || null,
        }),
      () => onFeito('Prorrogação solicitada. Ela vale depois de aprovada por um gestor.'),
    );
  }

  return (
    <Formulario
      titulo="Solicitar prorrogação"
      rotulo="Solicitar prorrogação"
      erro={erro}
      enviando={solicitar.isPending}
      onSubmit={enviar}
      onCancelar={onCancelar}
      formRef={formRef}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Exame"
          name="exame"
          value={exame}
          error={erros.exame}
          onChange={(e) => setExame(e.target.value as ExameDeEquipamento)}
        >
          {exames.map((x) => (
            <option key={x} value={x}>
              {NOMES_DOS_EXAMES[x]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Tipo de prorrogação"
          name="tipo"
          value={tipo}
          error={erros.tipo}
          onChange={(e) => setTipo(e.target.value as NovaProrrogacao['tipo'])}
        >
          {(Object.keys(NOMES_DAS_PRORROGACOES) as NovaProrrogacao['tipo'][]).map((t) => (
            <option key={t} value={t}>
              {NOMES_DAS_PRORROGACOES[t]}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Meses"
          name="meses"
          inputMode="numeric"
          value={meses}
          error={erros.meses}
          hint={
            limite === null
              ? 'Este exame não tem prazo definido pela norma para prorrogar.'
              : `No máximo ${limite} ${limite === 1 ? 'mês' : 'meses'} (NR-13 ${PRORROGACOES[tipo].item}).`
          }
          onChange={(e) => setMeses(e.target.value)}
        />
        <TextField
          label="Aviso ao sindicato em"
          optional
          type="date"
          name="avisoSindicatoEm"
          value={aviso}
          error={erros.avisoSindicatoEm}
          onChange={(e) => setAviso(e.target.value)}
        />
        <TextField
          label="Profissional habilitado (PH)"
          name="phNome"
          value={phNome}
          error={erros.phNome}
          onChange={(e) => setPhNome(e.target.value)}
        />
        <TextField
          label="CREA do PH"
          name="phCrea"
          value={phCrea}
          error={erros.phCrea}
          onChange={(e) => setPhCrea(e.target.value)}
        />
      </div>
      <TextAreaField
        label="Justificativa"
        name="justificativa"
        rows={3}
        value={justificativa}
        error={erros.justificativa}
        onChange={(e) => setJustificativa(e.target.value)}
      />
    </Formulario>
  );
}

export function EventoForm({ equipamento, onFeito, onCancelar }: Props) {
  const [tipo, setTipo] = useState<NovoEvento['tipo']>('parada');
  const [data, setData] = useState('');
  const [descricao, setDescricao] = useState('');
  const registrar = useRegistrarEvento();
  const { formRef, erros, erro, tentar } = useEnvio<string>();

  function enviar(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    void tentar(
      () => registrar.mutateAsync({ id: equipamento.id, tipo, data, descricao: descricao.trim() || null }),
      () => onFeito('Evento registrado.'),
    );
  }

  return (
    <Formulario
      titulo="Registrar evento"
      rotulo="Registrar evento"
      erro={erro}
      enviando={registrar.isPending}
      onSubmit={enviar}
      onCancelar={onCancelar}
      formRef={formRef}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Tipo de evento"
          name="tipo"
          value={tipo}
          error={erros.tipo}
          onChange={(e) => setTipo(e.target.value as NovoEvento['tipo'])}
        >
          {(Object.keys(NOMES_DOS_EVENTOS) as NovoEvento['tipo'][]).map((t) => (
            <option key={t} value={t}>
              {NOMES_DOS_EVENTOS[t]}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Data do evento"
          type="date"
          name="data"
          value={data}
          error={erros.data}
          onChange={(e) => setData(e.target.value)}
        />
      </div>
      <TextAreaField
        label="Descrição"
        optional
        name="descricao"
        rows={3}
        value={descricao}
        error={erros.descricao}
        onChange={(e) => setDescricao(e.target.value)}
      />
    </Formulario>
  );
}

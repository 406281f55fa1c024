import { CLASSES_DE_FLUIDO, type ClasseDeFluido } from '@laudos/domain';
import {
  EXAMES_DO_TIPO,
  type ExameDeEquipamento,
  NOMES_DOS_EXAMES,
  NOMES_DOS_TIPOS,
  TIPOS_DE_EQUIPAMENTO,
} from '@laudos/domain/api';
import { useQueries } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { EmpresaCombobox, type EmpresaEscolhida } from '../../../components/empresa-combobox';
import { AcoesDoFormulario } from '../../../components/ui/acoes-do-formulario';
import { buttonClass } from '../../../components/ui/button';
import { CheckboxField, SelectField, TextField } from '../../../components/ui/field';
import { FormAlert } from '../../../components/ui/form-alert';
import { equipamentoHref } from '../../../lib/paths';
import { errorMessage, errorsFromRequest, type FieldErrors, focusFirstError } from '../../../lib/validation';
import type { Equipamento, NovoEquipamento, TipoDeEquipamento } from '../api/equipamento';
import { equipamentoQueryOptions } from '../api/get-equipamento';
import { useEquipamentos } from '../api/list-equipamentos';
import { useAlterarEquipamento, useCriarEquipamento } from '../api/mutations';
import { classificarAoVivo, lerNumero, ligadoDe } from './classificacao-ao-vivo';

const OPCOES_DO_TIPO: Partial<Record<TipoDeEquipamento, { chave: string; rotulo: string; dica?: string }[]>> =
  {
    vaso: [
      {
        chave: 'abaixoDeZero',
        rotulo: 'Opera abaixo de 0 °C',
        dica: 'Exame externo a cada 2 anos, no máximo (13.5.4.8).',
      },
      {
        chave: 'semCodigoAntesDe2018',
        rotulo: 'Sem código de projeto, instalado antes de 2018',
        dica: 'Exame externo a cada ano e interno a cada 3 anos, no máximo (13.5.1.6.1).',
      },
      {
        chave: 'fabricadoEmSerie',
        rotulo: 'Fabricado em série',
        dica: 'Categorias IV e V: o primeiro prazo conta da instalação (13.5.4.4).',
      },
    ],
    caldeira: [
      { chave: 'sisAnexoIV', rotulo: 'SIS conforme o Anexo IV', dica: 'Conta para a categoria A com SPIE.' },
      { chave: 'sgcAnexoIV', rotulo: 'SGC conforme o Anexo IV', dica: 'Conta para a categoria B sem SPIE.' },
      {
        chave: 'valvulasTestadasEm12Meses',
        rotulo: 'Válvulas de segurança testadas aos 12 meses',
        dica: 'Conta para a categoria A sem SPIE.',
      },
      { chave: 'recuperacaoDeAlcalis', rotulo: 'Caldeira de recuperação de álcalis' },
    ],
    tubulacao: [
      {
        chave: 'dobradoPeloPh',
        rotulo: 'Prazo dobrado pelo PH',
        dica: 'Com fundamentação técnica do profissional habilitado, até 10 anos (13.6.2.2).',
      },
    ],
  };

type Valores = {
  tipo: TipoDeEquipamento | '';
  tag: string;
  descricao: string;
  estabelecimento: string;
  localizacao: string;
  dataInstalacao: string;
  pressaoMaximaKpa: string;
  pressaoOperacaoKpa: string;
  volumeM3: string;
  fluido: string;
  classeFluido: ClasseDeFluido | '';
  spie: boolean;
  opcoes: Record<string, boolean>;
  fabricante: string;
  numeroDeSerie: string;
  anoDeFabricacao: string;
  pmtaKpa: string;
  codigoDeProjeto: string;
  conexoes: string[];
  protegeId: string;
  ultimos: Partial<Record<ExameDeEquipamento, string>>;
};

const texto = (v: unknown) => (v === null || v === undefined ? '' : String(v));

function valoresDe(e: Equipamento | undefined): Valores {
  return {
    tipo: e?.tipo ?? '',
    tag: e?.tag ?? '',
    descricao: texto(e?.descricao),
    estabelecimento: texto(e?.estabelecimento),
    localizacao: texto(e?.localizacao),
    dataInstalacao: texto(e?.dataInstalacao),
    pressaoMaximaKpa: texto(e?.pressaoMaximaKpa).replace('.', ','),
    pressaoOperacaoKpa: texto(e?.pressaoOperacaoKpa).replace('.', ','),
    volumeM3: texto(e?.volumeM3).replace('.', ','),
    fluido: texto(e?.fluido),
    classeFluido: e?.classeFluido ?? '',
    spie: e?.spie ?? false,
    opcoes: { ...(e?.opcoes ?? {}) },
    fabricante: texto(e?.placa.fabricante),
    numeroDeSerie: texto(e?.placa.numeroDeSerie),
    anoDeFabricacao: texto(e?.placa.anoDeFabricacao),
    pmtaKpa: texto(e?.placa.pmtaKpa).replace('.', ','),
    codigoDeProjeto: texto(e?.placa.codigoDeProjeto),
    conexoes: e?.conexoes.map((c) => c.id) ?? [],
    protegeId: e?.protegeId ?? '',
    ultimos: {},
  };
}

type Campo = keyof Valores | 'empresaId' | 'placa' | 'ultimosExames' | 'opcoes';

const ouNull = (s: string) => (s.trim() === '' ? null : s.trim());

/** The body of POST/PATCH from the form: only the fields of the chosen type. */
function corpo(v: Valores, tipo: TipoDeEquipamento): Omit<NovoEquipamento, 'tipo'> {
  const numero = (s: string) => (s.trim() === '' ? null : (lerNumero(s) ?? Number.NaN));
  const ano = v.anoDeFabricacao.trim() === '' ? null : Number(v.anoDeFabricacao);
  const opcoes = Object.fromEntries(
    (OPCOES_DO_TIPO[tipo] ?? []).map((o) => [o.chave, Boolean(v.opcoes[o.chave])]),
  );
  return {
    tag: v.tag.trim(),
    descricao: ouNull(v.descricao),
    estabelecimento: ouNull(v.estabelecimento),
    localizacao: ouNull(v.localizacao),
    dataInstalacao: ouNull(v.dataInstalacao),
    spie: v.spie,
    opcoes,
    placa: {
      fabricante: ouNull(v.fabricante),
      numeroDeSerie: ouNull(v.numeroDeSerie),
      anoDeFabricacao: ano,
      pmtaKpa: numero(v.pmtaKpa),
      codigoDeProjeto: ouNull(v.codigoDeProjeto),
    },
    ...(tipo === 'vaso'
      ? {
          pressaoMaximaKpa: numero(v.pressaoMaximaKpa),
          volumeM3: numero(v.volumeM3),
          fluido: ouNull(v.fluido),
          classeFluido: v.classeFluido || null,
        }
      : {}),
    ...(tipo === 'caldeira' ? { pressaoOperacaoKpa: numero(v.pressaoOperacaoKpa) } : {}),
    ...(tipo === 'tubulacao' ? { conexoes: v.conexoes } : {}),
    ...(tipo === 'dispositivo' ? { protegeId: v.protegeId || null } : {}),
  };
}

/**
 * Create (no `equipamento`) or edit an NR-13 equipment. The type comes first and decides the
 * fields; the category and each exam's interval are explained live as the data is typed.
 */
export function EquipamentoForm({ admin, equipamento }: { admin: boolean; equipamento?: Equipamento }) {
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const [v, setV] = useState<Valores>(() => valoresDe(equipamento));
  const [empresa, setEmpresa] = useState<EmpresaEscolhida | null>(null);
  const [erros, setErros] = useState<FieldErrors<Campo>>({});
  const [erroGeral, setErroGeral] = useState<string | null>(null);
  const criar = useCriarEquipamento();
  const alterar = useAlterarEquipamento();
  const editando = Boolean(equipamento);
  const tipo = v.tipo || null;
  const empresaId = equipamento?.empresaId ?? (admin ? empresa?.id : undefined);

  const precisaDaLista = tipo === 'tubulacao' || tipo === 'dispositivo';
  const lista = useEquipamentos(
    admin ? { ...(empresaId ? { empresaId } : {}) } : {},
    precisaDaLista && (!admin || Boolean(empresaId)),
  );
  const outros = (lista.data ?? []).filter((e) => e.id !== equipamento?.id);
  const ligaveis = outros.filter((e) => e.tipo === 'vaso' || e.tipo === 'caldeira');

  const mudar = <K extends keyof Valores>(campo: K, valor: Valores[K]) =>
    setV((a) => ({ ...a, [campo]: valor }));
  const campoDeTexto = (campo: keyof Valores) => ({
    name: campo,
    value: v[campo] as string,
    error: erros[campo as Campo],
    onChange: (e: { target: { value: string } }) => mudar(campo, e.target.value as never),
  });

  // The intervals of what it follows come from each one's page (the list has no intervals).
  const idsLigados =
    tipo === 'tubulacao' ? v.conexoes : tipo === 'dispositivo' && v.protegeId ? [v.protegeId] : [];
  const detalhes = useQueries({ queries: idsLigados.map((id) => equipamentoQueryOptions(id)) });
  const ligados = detalhes.flatMap((q) => (q.data ? [ligadoDe(q.data)] : []));
  const ao = tipo
    ? classificarAoVivo({
        tipo,
        pressaoMaximaKpa: lerNumero(v.pressaoMaximaKpa),
        pressaoOperacaoKpa: lerNumero(v.pressaoOperacaoKpa),
        volumeM3: lerNumero(v.volumeM3),
        classeFluido: v.classeFluido || null,
        spie: v.spie,
        opcoes: v.opcoes,
        ligados,
      })
    : null;

  async function enviar(evento: FormEvent<HTMLFormElement>) {
    evento.preventDefault();
    setErroGeral(null);
    const locais: FieldErrors<Campo> = {};
    if (!tipo) locais.tipo = 'Escolha o tipo do equipamento.';
    if (v.tag.trim() === '') locais.tag = 'Informe a TAG do equipamento.';
    if (admin && !editando && !empresa) locais.empresaId = 'Escolha a empresa do equipamento.';
    // A number typed wrong would go as null (JSON has no NaN) and clear the field: say so instead.
    for (const campo of ['pressaoMaximaKpa', 'pressaoOperacaoKpa', 'volumeM3', 'pmtaKpa'] as const)
      if (v[campo].trim() !== '' && lerNumero(v[campo]) === null)
        locais[campo] = 'Informe um número maior que zero, como 1240 ou 12,5.';
    if (v.anoDeFabricacao.trim() !== '' && !/^\d{4}$/.test(v.anoDeFabricacao.trim()))
      locais.anoDeFabricacao = 'Informe o ano com quatro dígitos, como 2015.';
    if (!tipo || Object.keys(locais).length > 0) {
      setErros(locais);
      setErroGeral('Corrija os campos destacados.');
      requestAnimationFrame(() => focusFirstError(formRef.current, locais));
      return;
    }
    setErros({});
    try {
      const dados = corpo(v, tipo);
      const salvo = equipamento
        ? await alterar.mutateAsync({ id: equipamento.id, ...dados })
        : await criar.mutateAsync({
            tipo,
            ...dados,
            ...(admin && empresa ? { empresaId: empresa.id } : {}),
            ultimosExames: Object.fromEntries(
              Object.entries(v.ultimos).filter(
                ([exame, data]) => data && EXAMES_DO_TIPO[tipo].includes(exame as never),
              ),
            ),
          });
      navigate(equipamentoHref(salvo.id), { state: { salvo: editando ? 'alterado' : 'criado' } });
    } catch (erro) {
      const porCampo = errorsFromRequest<Campo>(erro);
      setErros(porCampo);
      setErroGeral(errorMessage(erro));
      requestAnimationFrame(() => focusFirstError(formRef.current, porCampo));
    }
  }

  const salvando = criar.isPending || alterar.isPending;

  return (
    <form ref={formRef} noValidate onSubmit={enviar} className="space-y-6">
      {erroGeral ? <FormAlert>{erroGeral}</FormAlert> : null}
      {admin && !editando ? (
        <EmpresaCombobox
          name="empresaId"
          hint="A empresa dona do equipamento."
          error={erros.empresaId}
          selecionada={empresa}
          onSelecionar={setEmpresa}
        />
      ) : null}
      <SelectField
        label="Tipo de equipamento"
        name="tipo"
        value={v.tipo}
        disabled={editando}
        error={erros.tipo}
        hint={editando ? 'O tipo não muda depois do cadastro.' : undefined}
        onChange={(e) => mudar('tipo', e.target.value as TipoDeEquipamento | '')}
      >
        <option value="">Escolha o tipo</option>
        {TIPOS_DE_EQUIPAMENTO.map((t) => (
          <option key={t} value={t}>
            {NOMES_DOS_TIPOS[t]}
          </option>
        ))}
      </SelectField>

      {tipo ? (
        <>
          <Grupo titulo="Identificação">
            <TextField label="TAG" {...campoDeTexto('tag')} maxLength={40} autoComplete="off" />
            <TextField label="Descrição" optional {...campoDeTexto('descricao')} />
            <TextField label="Estabelecimento" optional {...campoDeTexto('estabelecimento')} />
            <TextField label="Localização" optional {...campoDeTexto('localizacao')} />
            <TextField label="Data de instalação" optional type="date" {...campoDeTexto('dataInstalacao')} />
          </Grupo>

          {tipo === 'vaso' ? (
            <Grupo titulo="Dados do vaso">
              <TextField
                label="Pressão máxima de operação (kPa)"
                inputMode="decimal"
                {...campoDeTexto('pressaoMaximaKpa')}
              />
              <TextField label="Volume (m³)" inputMode="decimal" {...campoDeTexto('volumeM3')} />
              <TextField label="Fluido" optional {...campoDeTexto('fluido')} />
              <SelectField
                label="Classe do fluido"
                name="classeFluido"
                value={v.classeFluido}
                error={erros.classeFluido}
                hint={
                  v.classeFluido
                    ? CLASSES_DE_FLUIDO[v.classeFluido]
                    : 'A classe é definida pelo profissional habilitado.'
                }
                onChange={(e) => mudar('classeFluido', e.target.value as ClasseDeFluido | '')}
              >
                <option value="">Escolha a classe</option>
                {(Object.keys(CLASSES_DE_FLUIDO) as ClasseDeFluido[]).map((c) => (
                  <option key={c} value={c}>
                    {CLASSES_DE_FLUIDO[c]}
                  </option>
                ))}
              </SelectField>
            </Grupo>
          ) : null}

          {tipo === 'caldeira' ? (
            <Grupo titulo="Dados da caldeira">
              <TextField
                label="Pressão de operação (kPa)"
                inputMode="decimal"
                {...campoDeTexto('pressaoOperacaoKpa')}
              />
            </Grupo>
          ) : null}

          {tipo === 'tubulacao' ? (
            <fieldset className="space-y-2">
              <legend className="text-lg font-semibold text-slate-900">Vasos e caldeiras ligados</legend>
              {admin && !empresaId ? (
                <p className="text-sm text-slate-600">Escolha a empresa para ver os equipamentos dela.</p>
              ) : lista.isPending ? (
                <p className="text-sm text-slate-600">Carregando os equipamentos…</p>
              ) : ligaveis.length === 0 ? (
                <p className="text-sm text-slate-600">Nenhum vaso ou caldeira cadastrado nesta empresa.</p>
              ) : (
                ligaveis.map((e) => (
                  <CheckboxField
                    key={e.id}
                    name="conexoes"
                    label={`${e.tag} — ${NOMES_DOS_TIPOS[e.tipo]}`}
                    checked={v.conexoes.includes(e.id)}
                    onChange={(ev) =>
                      mudar(
                        'conexoes',
                        ev.target.checked ? [...v.conexoes, e.id] : v.conexoes.filter((id) => id !== e.id),
                      )
                    }
                  />
                ))
              )}
              {erros.conexoes ? <p className="text-sm font-medium text-red-700">{erros.conexoes}</p> : null}
            </fieldset>
          ) : null}

          {tipo === 'dispositivo' ? (
            <SelectField
              label="Equipamento protegido"
              name="protegeId"
              value={v.protegeId}
              error={erros.protegeId}
              onChange={(e) => mudar('protegeId', e.target.value)}
            >
              <option value="">
                {admin && !empresaId ? 'Escolha a empresa primeiro' : 'Escolha o equipamento'}
              </option>
              {outros
                .filter((e) => e.tipo !== 'dispositivo')
                .map((e) => (
                  <option key={e.id} value={e.id}>
                    {e.tag} — {NOMES_DOS_TIPOS[e.tipo]}
                  </option>
                ))}
            </SelectField>
          ) : null}

          <fieldset className="space-y-3">
            <legend className="text-lg font-semibold text-slate-900">Opções</legend>
            <CheckboxField
              name="spie"
              label="A empresa tem SPIE"
              hint="Serviço Próprio de Inspeção de Equipamentos: prazos maiores na Tabela 2."
              checked={v.spie}
              onChange={(e) => mudar('spie', e.target.checked)}
            />
            {(OPCOES_DO_TIPO[tipo] ?? []).map((o) => (
              <CheckboxField
                key={o.chave}
                name={`opcoes.${o.chave}`}
                label={o.rotulo}
                hint={o.dica}
                checked={Boolean(v.opcoes[o.chave])}
                onChange={(e) => mudar('opcoes', { ...v.opcoes, [o.chave]: e.target.checked })}
              />
            ))}
          </fieldset>

          <div
            aria-live="polite"
            className="rounded-xl border border-brand-200 bg-brand-50 p-4 text-sm text-slate-900"
          >
            <h2 className="font-semibold">Classificação</h2>
            <p className="mt-1">{ao?.categoria}</p>
            {ao && ao.exames.length > 0 ? (
              <ul className="mt-2 list-disc space-y-1 pl-5">
                {ao.exames.map((linha) => (
                  <li key={linha}>{linha}</li>
                ))}
              </ul>
            ) : null}
          </div>

          <Grupo titulo="Placa de identificação">
            <TextField label="Fabricante" optional {...campoDeTexto('fabricante')} />
            <TextField label="Número de série" optional {...campoDeTexto('numeroDeSerie')} />
            <TextField
              label="Ano de fabricação"
              optional
              inputMode="numeric"
              {...campoDeTexto('anoDeFabricacao')}
            />
            <TextField label="PMTA (kPa)" optional inputMode="decimal" {...campoDeTexto('pmtaKpa')} />
            <TextField label="Código de projeto" optional {...campoDeTexto('codigoDeProjeto')} />
            {erros.placa ? <p className="text-sm font-medium text-red-700">{erros.placa}</p> : null}
          </Grupo>

          {editando ? null : (
            <Grupo titulo="Últimos exames realizados">
              <p className="text-sm text-slate-600 sm:col-span-2">
                A data do último exame de cada tipo já feito; as próximas datas contam dela.
              </p>
              {EXAMES_DO_TIPO[tipo].map((exame) => (
                <TextField
                  key={exame}
                  label={`${NOMES_DOS_EXAMES[exame]} — último`}
                  optional
                  type="date"
                  name={`ultimosExames.${exame}`}
                  value={v.ultimos[exame] ?? ''}
                  onChange={(e) => mudar('ultimos', { ...v.ultimos, [exame]: e.target.value })}
                />
              ))}
              {erros.ultimosExames ? (
                <p className="text-sm font-medium text-red-700">{erros.ultimosExames}</p>
              ) : null}
            </Grupo>
          )}
        </>
      ) : null}

      <AcoesDoFormulario>
        <button type="button" onClick={() => navigate(-1)} className={buttonClass('secondary')}>
          Cancelar
        </button>
        <button
          type="submit"
          disabled={salvando}
          aria-busy={salvando || undefined}
          className={buttonClass('primary')}
        >
          {salvando ? 'Salvando…' : editando ? 'Salvar alterações' : 'Cadastrar equipamento'}
        </button>
      </AcoesDoFormulario>
    </form>
  );
}

function Grupo({ titulo, children }: { titulo: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-2 text-lg font-semibold text-slate-900">{titulo}</legend>
      {children}
    </fieldset>
  );
}

import { estagiosRenovacao, problemasDoEstagio, ROTULO_DO_ESTAGIO } from '@laudos/domain/api';
import { type FormEvent, useState } from 'react';
import { EmpresaCombobox, type EmpresaEscolhida } from '../../../components/empresa-combobox';
import { SkeletonText } from '../../../components/loading';
import { useToast } from '../../../components/toast/toast-context';
import { buttonClass } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { FormAlert } from '../../../components/ui/form-alert';
import { ApiError } from '../../../lib/api';
import {
  type CartaoDeRenovacao,
  type EstagioRenovacao,
  type FiltrosDeRenovacoes,
  useMoverEstagio,
  useQuadroDeRenovacoes,
} from '../api/renovacoes';
import { DiasRestantes, dataBR } from './comum';
import { DetalheDaRenovacao } from './detalhe';

/** A move that needs data first: Agendado (date and engineer) or Perdido (reason). */
type Pendente = { cartao: CartaoDeRenovacao; estagio: 'agendado' | 'perdido' };

const precisaDeDados = (e: EstagioRenovacao): e is Pendente['estagio'] => e === 'agendado' || e === 'perdido';

/**
 * The firm's renewal board (decision 029): a column per stage; a card moves by dragging it to
 * another column or, from the keyboard and on a phone, with its "Mover para" list. On a phone one
 * column shows at a time, chosen by the stage list; on a wider screen every column shows, wrapped
 * over rows (2, 3 or 6 a row), so no stage hides behind a sideways scroll.
 */
export function QuadroDeRenovacoes() {
  const [filtros, setFiltros] = useState<FiltrosDeRenovacoes>({});
  const [empresa, setEmpresa] = useState<EmpresaEscolhida | null>(null);
  const [colunaNoCelular, setColunaNoCelular] = useState<EstagioRenovacao>('solicitado');
  const [pendente, setPendente] = useState<Pendente | null>(null);
  const [aberto, setAberto] = useState<string | null>(null);
  const [arrastando, setArrastando] = useState<EstagioRenovacao | null>(null);
  const quadro = useQuadroDeRenovacoes(filtros);
  const mover = useMoverEstagio();
  const { showToast } = useToast();

  function pedir(cartao: CartaoDeRenovacao, estagio: EstagioRenovacao) {
    if (precisaDeDados(estagio)) {
      setPendente({ cartao, estagio });
      return;
    }
    if (estagio === cartao.estagio) return;
    mover.mutate(
      { id: cartao.id, dados: { estagio } },
      {
        onSuccess: () =>
          showToast({
            type: 'success',
            title: `Movido para ${ROTULO_DO_ESTAGIO[estagio]}`,
            message: cartao.laudo.nome,
          }),
        onError: (error) =>
          showToast({ type: 'error', title: 'Não foi possível mover o pedido', message: error.message }),
      },
    );
  }

  const cartoes = quadro.data?.renovacoes ?? [];
  const filtro = (campo: keyof FiltrosDeRenovacoes, valor: string) =>
    setFiltros((f) => ({ ...f, [campo]: valor || undefined }));

  return (
    <div className="min-w-0 space-y-4">
      <form
        className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-5"
        aria-label="Filtros"
        onSubmit={(e) => e.preventDefault()}
      >
        <TextField
          label="Buscar"
          hint="Laudo, código ou empresa"
          type="search"
          value={filtros.busca ?? ''}
          onChange={(e) => filtro('busca', e.target.value)}
        />
        <EmpresaCombobox
          selecionada={empresa}
          onSelecionar={(escolhida) => {
            setEmpresa(escolhida);
            filtro('empresaId', escolhida?.id ?? '');
          }}
        />
        <TextField
          label="Tipo de laudo"
          value={filtros.tipo ?? ''}
          onChange={(e) => filtro('tipo', e.target.value)}
        />
        <TextField
          label="Vence a partir de"
          type="date"
          value={filtros.venceDe ?? ''}
          onChange={(e) => filtro('venceDe', e.target.value)}
        />
        <TextField
          label="Vence até"
          type="date"
          value={filtros.venceAte ?? ''}
          onChange={(e) => filtro('venceAte', e.target.value)}
        />
      </form>

      <div className="md:hidden">
        <SelectField
          label="Estágio"
          value={colunaNoCelular}
          onChange={(e) => setColunaNoCelular(e.target.value as EstagioRenovacao)}
        >
          {estagiosRenovacao.map((e) => (
            <option key={e} value={e}>
              {ROTULO_DO_ESTAGIO[e]} ({cartoes.filter((c) => c.estagio === e).length})
            </option>
          ))}
        </SelectField>
      </div>

      {quadro.isPending ? (
        <SkeletonText lines={4} label="Carregando os pedidos de renovação" />
      ) : quadro.isError ? (
        <ErrorNotice error={quadro.error} onRetry={() => void quadro.refetch()} />
      ) : (
        // Every stage on the screen, wrapped over rows (2, 3 or 6 a row), never a sideways scroll
        // that would hide a stage; on a phone the selector above shows one.
        <div className="grid min-w-0 gap-3 md:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-6">
          {estagiosRenovacao.map((estagio) => {
            const daColuna = cartoes.filter((c) => c.estagio === estagio);
            return (
              <section
                key={estagio}
                aria-label={ROTULO_DO_ESTAGIO[estagio]}
                data-estagio={estagio}
                onDragOver={(e) => {
                  e.preventDefault();
                  setArrastando(estagio);
                }}
                onDragLeave={() => setArrastando((a) => (a === estagio ? null : a))}
                onDrop={(e) => {
                  e.preventDefault();
                  setArrastando(null);
                  const cartao = cartoes.find((c) => c.id === e.dataTransfer.getData('text/plain'));
                  if (cartao) pedir(cartao, estagio);
                }}
                className={`${estagio === colunaNoCelular ? 'flex' : 'hidden md:flex'} w-full min-w-0 flex-col rounded-xl p-3 ${
                  arrastando === estagio ? 'bg-brand-50 ring-2 ring-brand-300' : 'bg-slate-100'
                }`}
              >
                <h2 className="text-sm font-semibold text-slate-900">
                  {ROTULO_DO_ESTAGIO[estagio]} <span className="text-slate-600">({daColuna.length})</span>
                </h2>
                <ul className="mt-2 min-h-16 space-y-2">
                  {daColuna.map((c) => (
                    <Cartao key={c.id} cartao={c} onMover={pedir} onAbrir={() => setAberto(c.id)} />
                  ))}
                </ul>
              </section>
            );
          })}
        </div>
      )}

      {pendente ? (
        <DialogoDoEstagio
          pendente={pendente}
          onClose={() => setPendente(null)}
          onFeito={() => {
            showToast({
              type: 'success',
              title: `Movido para ${ROTULO_DO_ESTAGIO[pendente.estagio]}`,
              message: pendente.cartao.laudo.nome,
            });
            setPendente(null);
          }}
        />
      ) : null}
      <DetalheDaRenovacao id={aberto} onClose={() => setAberto(null)} />
    </div>
  );
}

function Cartao({
  cartao,
  onMover,
  onAbrir,
}: {
  cartao: CartaoDeRenovacao;
  onMover: (c: CartaoDeRenovacao, e: EstagioRenovacao) => void;
  onAbrir: () => void;
}) {
  return (
    <li
      draggable
      onDragStart={(e) => {
        e.dataTransfer.setData('text/plain', cartao.id);
        e.dataTransfer.effectAllowed = 'move';
      }}
      data-renovacao={cartao.id}
      className="min-w-0 cursor-grab rounded-lg bg-white p-3 shadow-sm ring-1 ring-slate-200"
    >
      <p className="text-sm font-semibold break-words text-slate-900">
        {cartao.empresa?.nome ?? 'Sem empresa'}
      </p>
      <p className="text-sm break-words text-slate-700">
        {cartao.laudo.nome} <span className="text-slate-600">({cartao.laudo.codigo})</span>
      </p>
      <p className="text-xs text-slate-600">{cartao.laudo.tipo}</p>
      <p className="mt-1 text-sm text-slate-700">
        Vencimento {dataBR(cartao.dataVencimento)} · <DiasRestantes dias={cartao.diasRestantes} />
      </p>
      {cartao.estagio === 'agendado' && cartao.agendadoPara ? (
        <p className="text-sm text-slate-700">
          Inspeção {dataBR(cartao.agendadoPara)} · {cartao.engenheiro}
        </p>
      ) : null}
      {cartao.estagio === 'perdido' && cartao.motivoPerda ? (
        <p className="text-sm break-words text-slate-700">Motivo: {cartao.motivoPerda}</p>
      ) : null}
      <div className="mt-2 flex flex-wrap items-end gap-2">
        <label className="min-w-0 flex-1 text-xs font-medium text-slate-700">
          Mover para
          <select
            className="mt-0.5 block w-full rounded-md border border-slate-300 bg-white px-2 py-1 text-sm text-slate-900"
            aria-label={`Mover ${cartao.laudo.nome} (${cartao.laudo.codigo}) para`}
            value={cartao.estagio}
            onChange={(e) => onMover(cartao, e.target.value as EstagioRenovacao)}
          >
            {estagiosRenovacao.map((e) => (
              <option key={e} value={e}>
                {ROTULO_DO_ESTAGIO[e]}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className={buttonClass('secondary', 'sm')} onClick={onAbrir}>
          Detalhes<span className="sr-only"> de {cartao.laudo.nome}</span>
        </button>
      </div>
    </li>
  );
}

/** Asks what Agendado (date and engineer) or Perdido (reason) needs, then moves the card. */
function DialogoDoEstagio({
  pendente,
  onClose,
  onFeito,
}: {
  pendente: Pendente;
  onClose: () => void;
  onFeito: () => void;
}) {
  const { cartao, estagio } = pendente;
  const [agendadoPara, setAgendadoPara] = useState(cartao.agendadoPara ?? '');
  const [engenheiro, setEngenheiro] = useState(cartao.engenheiro ?? '');
  const [motivoPerda, setMotivoPerda] = useState('');
  const [erros, setErros] = useState<Record<string, string>>({});
  const [erroGeral, setErroGeral] = useState<string | null>(null);
  const mover = useMoverEstagio();

  function enviar(event: FormEvent) {
    event.preventDefault();
    const dados =
      estagio === 'agendado'
        ? { estagio, agendadoPara: agendadoPara || null, engenheiro }
        : { estagio, motivoPerda };
    const problemas = problemasDoEstagio(dados);
    setErros(Object.fromEntries(problemas.map((p) => [p.campo, p.mensagem])));
    setErroGeral(null);
    if (problemas.length > 0) return;
    mover.mutate(
      { id: cartao.id, dados },
      {
        onSuccess: onFeito,
        onError: (error) => {
          if (error instanceof ApiError && error.campos.length > 0)
            setErros(Object.fromEntries(error.campos.map((c) => [c.campo, c.mensagem])));
          else setErroGeral(error.message);
        },
      },
    );
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={estagio === 'agendado' ? 'Agendar a inspeção' : 'Marcar como perdido'}
      description={`${cartao.laudo.nome} (${cartao.laudo.codigo}) · ${cartao.empresa?.nome ?? 'Sem empresa'}`}
    >
      <form className="space-y-4" onSubmit={enviar} noValidate>
        {erroGeral ? <FormAlert>{erroGeral}</FormAlert> : null}
        {estagio === 'agendado' ? (
          <>
            <TextField
              label="Data da inspeção"
              type="date"
              data-autofocus
              value={agendadoPara}
              onChange={(e) => setAgendadoPara(e.target.value)}
              error={erros.agendadoPara}
            />
            <TextField
              label="Engenheiro"
              value={engenheiro}
              maxLength={120}
              onChange={(e) => setEngenheiro(e.target.value)}
              error={erros.engenheiro}
            />
          </>
        ) : (
          <TextAreaField
            label="Motivo da perda"
            data-autofocus
            rows={3}
            maxLength={500}
            value={motivoPerda}
            onChange={(e) => setMotivoPerda(e.target.value)}
            error={erros.motivoPerda}
          />
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className={buttonClass('secondary')} onClick={onClose}>
            Cancelar
          </button>
          <button type="submit" className={buttonClass()} disabled={mover.isPending}>
            {estagio === 'agendado' ? 'Agendar' : 'Marcar como perdido'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

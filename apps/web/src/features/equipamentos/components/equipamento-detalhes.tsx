import { formatDateBR } from '@laudos/domain';
import { NOMES_DOS_EXAMES, NOMES_DOS_TIPOS } from '@laudos/domain/api';
import { type ReactNode, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { SkeletonText } from '../../../components/loading';
import { Badge } from '../../../components/ui/badge';
import { buttonClass } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { FormAlert } from '../../../components/ui/form-alert';
import { useDocumentTitle } from '../../../lib/document-title';
import { calendarioDoDiaHref, editarEquipamentoHref, laudoHref, paths } from '../../../lib/paths';
import { errorMessage } from '../../../lib/validation';
import type { Equipamento } from '../api/equipamento';
import { useEquipamento } from '../api/get-equipamento';
import { useDecidirProrrogacao, useExcluirEquipamento } from '../api/mutations';
import {
  EventoForm,
  InspecaoForm,
  NOMES_DAS_PRORROGACOES,
  NOMES_DOS_EVENTOS,
  NOMES_DOS_RESULTADOS,
  NOMES_DOS_TIPOS_DE_INSPECAO,
  ProrrogacaoForm,
} from './formularios-do-equipamento';
import { SituacaoBadge } from './situacao-badge';

const STATUS_DA_PRORROGACAO = {
  solicitada: { rotulo: 'Aguardando decisão', tom: 'warning' },
  aprovada: { rotulo: 'Aprovada', tom: 'success' },
  recusada: { rotulo: 'Recusada', tom: 'danger' },
} as const;

type Aberto = 'inspecao' | 'prorrogacao' | 'evento' | null;

/** /equipamentos/:id: the data, the classification, each exam's next date explained, and the history. */
export function EquipamentoDetalhes({ id, gestor }: { id: string; gestor: boolean }) {
  const consulta = useEquipamento(id);
  useDocumentTitle(consulta.data ? `Equipamento ${consulta.data.tag}` : 'Equipamento');
  if (consulta.isPending)
    return (
      <Moldura>
        <SkeletonText />
      </Moldura>
    );
  if (consulta.isError)
    return (
      <Moldura>
        <ErrorNotice error={consulta.error} onRetry={() => void consulta.refetch()} />
      </Moldura>
    );
  return <Conteudo equipamento={consulta.data} gestor={gestor} />;
}

function Moldura({ children }: { children: ReactNode }) {
  return <div className="mx-auto w-full max-w-5xl min-w-0 px-4 py-8 sm:py-10">{children}</div>;
}

function Conteudo({ equipamento: e, gestor }: { equipamento: Equipamento; gestor: boolean }) {
  const location = useLocation();
  const navigate = useNavigate();
  const salvo = (location.state as { salvo?: string } | null)?.salvo;
  const [mensagem, setMensagem] = useState<string | null>(
    salvo === 'criado' ? 'Equipamento cadastrado.' : salvo === 'alterado' ? 'Alterações salvas.' : null,
  );
  const [aberto, setAberto] = useState<Aberto>(null);
  const [excluindo, setExcluindo] = useState(false);
  const prazosRef = useRef<HTMLHeadingElement>(null);
  const excluir = useExcluirEquipamento();
  const decidir = useDecidirProrrogacao();
  const [erroDecisao, setErroDecisao] = useState<string | null>(null);

  function feito(texto: string) {
    setAberto(null);
    setMensagem(texto);
    // The dates moved: the reader goes to them.
    requestAnimationFrame(() => prazosRef.current?.focus());
  }

  const inspecoes = [...e.inspecoes].sort((a, b) =>
    a.dataFim < b.dataFim ? 1 : a.dataFim > b.dataFim ? -1 : 0,
  );
  const placa = Object.entries({
    Fabricante: e.placa.fabricante,
    'Número de série': e.placa.numeroDeSerie,
    'Ano de fabricação': e.placa.anoDeFabricacao,
    'PMTA (kPa)': e.placa.pmtaKpa,
    'Código de projeto': e.placa.codigoDeProjeto,
  }).filter(([, valor]) => valor !== null && valor !== undefined && valor !== '');

  return (
    <Moldura>
      <p className="text-sm">
        <Link to={paths.equipamentos} className="text-brand-700 hover:underline">
          ← Equipamentos
        </Link>
      </p>
      <div className="mt-2 flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight break-words text-slate-900">{e.tag}</h1>
          <p className="mt-1 text-slate-700">
            {NOMES_DOS_TIPOS[e.tipo]}
            {e.categoria ? ` — Categoria ${e.categoria}` : ''} · {e.empresaNome}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to={editarEquipamentoHref(e.id)} className={buttonClass('secondary')}>
            Editar
          </Link>
          {gestor ? (
            <button type="button" className={buttonClass('danger')} onClick={() => setExcluindo(true)}>
              Excluir
            </button>
          ) : null}
        </div>
      </div>

      <div className="mt-4" role="status">
        {mensagem ? (
          <p className="rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
            {mensagem}
          </p>
        ) : null}
      </div>

      <Secao titulo="Dados">
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
          <Dado rotulo="Descrição">{e.descricao}</Dado>
          <Dado rotulo="Estabelecimento">{e.estabelecimento}</Dado>
          <Dado rotulo="Localização">{e.localizacao}</Dado>
          <Dado rotulo="Data de instalação">{formatDateBR(e.dataInstalacao)}</Dado>
          {e.tipo === 'vaso' ? (
            <>
              <Dado rotulo="Pressão máxima de operação">
                {e.pressaoMaximaKpa === null ? null : `${numero(e.pressaoMaximaKpa)} kPa`}
              </Dado>
              <Dado rotulo="Volume">{e.volumeM3 === null ? null : `${numero(e.volumeM3)} m³`}</Dado>
              <Dado rotulo="Fluido">{e.fluido}</Dado>
              <Dado rotulo="Classe do fluido">{e.classeFluido}</Dado>
            </>
          ) : null}
          {e.tipo === 'caldeira' ? (
            <Dado rotulo="Pressão de operação">
              {e.pressaoOperacaoKpa === null ? null : `${numero(e.pressaoOperacaoKpa)} kPa`}
            </Dado>
          ) : null}
          {e.tipo === 'tubulacao' ? (
            <Dado rotulo="Equipamentos ligados">{e.conexoes.map((c) => c.tag).join(', ')}</Dado>
          ) : null}
          <Dado rotulo="SPIE">{e.spie ? 'Sim' : 'Não'}</Dado>
          {placa.map(([rotulo, valor]) => (
            <Dado key={rotulo} rotulo={rotulo}>
              {typeof valor === 'number' && rotulo.includes('kPa') ? numero(valor) : String(valor)}
            </Dado>
          ))}
        </dl>
      </Secao>

      <Secao titulo="Classificação">
        <p className="text-slate-800">{e.classificacao}</p>
      </Secao>

      <Secao titulo="Exames e prazos" headingRef={prazosRef}>
        {e.exames.length === 0 ? (
          <p className="text-slate-700">Nenhum exame com prazo.</p>
        ) : (
          <ul className="grid gap-3">
            {e.exames.map((x) => (
              <li key={x.exame} className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <h3 className="font-semibold text-slate-900">{x.nome}</h3>
                  <SituacaoBadge situacao={x.situacao} />
                </div>
                <p className="mt-1 text-slate-800">
                  Próxima data: <strong>{x.data ? formatDateBR(x.data) : 'sem data'}</strong>
                  {x.maxima && x.maxima !== x.data
                    ? ` (prazo máximo da norma: ${formatDateBR(x.maxima)})`
                    : ''}
                </p>
                {x.ultimaEm ? (
                  <p className="text-sm text-slate-600">Último: {formatDateBR(x.ultimaEm)}</p>
                ) : null}
                {x.data ? (
                  <Link
                    to={calendarioDoDiaHref(x.data)}
                    className="text-sm font-medium text-brand-700 hover:underline"
                  >
                    Ver {x.nome.toLowerCase()} no calendário
                  </Link>
                ) : null}
                <p className="mt-1 text-sm text-slate-700">{x.explicacao}</p>
                {x.prorrogacao ? (
                  <p className="mt-1 text-sm text-amber-900">Prorrogação: {x.prorrogacao}</p>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </Secao>

      <Secao titulo="Inspeções">
        {inspecoes.length === 0 ? (
          <p className="text-slate-700">Nenhuma inspeção registrada.</p>
        ) : (
          <ul className="grid gap-3">
            {inspecoes.map((i) => (
              <li key={i.id} className="rounded-xl bg-white p-4 text-sm ring-1 ring-slate-200">
                <p className="font-semibold text-slate-900">
                  {formatDateBR(i.dataFim)} — {NOMES_DOS_TIPOS_DE_INSPECAO[i.tipo] ?? i.tipo}
                </p>
                <p className="text-slate-700">{i.exames.map((x) => NOMES_DOS_EXAMES[x]).join(', ')}</p>
                {i.phNome ? (
                  <p className="text-slate-700">
                    PH: {i.phNome}
                    {i.phCrea ? ` (CREA ${i.phCrea})` : ''}
                  </p>
                ) : null}
                {i.resultado ? (
                  <p className="text-slate-700">
                    Resultado: {NOMES_DOS_RESULTADOS[i.resultado] ?? i.resultado}
                  </p>
                ) : null}
                {i.parecer ? <p className="mt-1 whitespace-pre-line text-slate-700">{i.parecer}</p> : null}
                {i.recomendacoes.length > 0 ? (
                  <ul className="mt-1 list-disc pl-5 text-slate-700">
                    {i.recomendacoes.map((r, n) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: recommendations have no id
                      <li key={n}>
                        {r.descricao}
                        {r.prazo ? ` — prazo ${formatDateBR(r.prazo)}` : ''}
                        {r.responsavel ? ` — ${r.responsavel}` : ''}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        {aberto === 'inspecao' ? (
          <InspecaoForm equipamento={e} onFeito={feito} onCancelar={() => setAberto(null)} />
        ) : (
          <button
            type="button"
            className={`${buttonClass('secondary')} mt-3`}
            onClick={() => setAberto('inspecao')}
          >
            Registrar inspeção
          </button>
        )}
      </Secao>

      <Secao titulo="Prorrogações">
        {erroDecisao ? <FormAlert>{erroDecisao}</FormAlert> : null}
        {e.prorrogacoes.length === 0 ? (
          <p className="text-slate-700">Nenhuma prorrogação.</p>
        ) : (
          <ul className="grid gap-3">
            {e.prorrogacoes.map((p) => {
              const status = STATUS_DA_PRORROGACAO[p.status];
              return (
                <li key={p.id} className="rounded-xl bg-white p-4 text-sm ring-1 ring-slate-200">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-semibold text-slate-900">
                      {NOMES_DOS_EXAMES[p.exame]}: {p.meses} {p.meses === 1 ? 'mês' : 'meses'}
                    </span>
                    <Badge tone={status.tom}>{status.rotulo}</Badge>
                  </div>
                  <p className="text-slate-700">{NOMES_DAS_PRORROGACOES[p.tipo]}</p>
                  <p className="text-slate-700">
                    PH: {p.phNome} (CREA {p.phCrea})
                    {p.avisoSindicatoEm ? ` · aviso ao sindicato em ${formatDateBR(p.avisoSindicatoEm)}` : ''}
                  </p>
                  <p className="mt-1 whitespace-pre-line text-slate-700">{p.justificativa}</p>
                  {gestor && p.status === 'solicitada' ? (
                    <div className="mt-2 flex flex-wrap gap-2">
                      {([true, false] as const).map((aprovar) => (
                        <button
                          key={String(aprovar)}
                          type="button"
                          disabled={decidir.isPending}
                          className={buttonClass(aprovar ? 'primary' : 'secondary', 'sm')}
                          onClick={() => {
                            setErroDecisao(null);
                            decidir.mutate(
                              { id: e.id, prorrogacaoId: p.id, aprovar },
                              {
                                onSuccess: () =>
                                  feito(
                                    aprovar
                                      ? 'Prorrogação aprovada. As datas foram recalculadas.'
                                      : 'Prorrogação recusada.',
                                  ),
                                onError: (erro) => setErroDecisao(errorMessage(erro)),
                              },
                            );
                          }}
                        >
                          {aprovar ? 'Aprovar' : 'Recusar'}
                        </button>
                      ))}
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
        {aberto === 'prorrogacao' ? (
          <ProrrogacaoForm equipamento={e} onFeito={feito} onCancelar={() => setAberto(null)} />
        ) : (
          <button
            type="button"
            className={`${buttonClass('secondary')} mt-3`}
            onClick={() => setAberto('prorrogacao')}
          >
            Solicitar prorrogação
          </button>
        )}
      </Secao>

      <Secao titulo="Eventos">
        {e.eventos.length === 0 ? (
          <p className="text-slate-700">Nenhum evento registrado.</p>
        ) : (
          <ul className="grid gap-3">
            {e.eventos.map((ev) => (
              <li key={ev.id} className="rounded-xl bg-white p-4 text-sm ring-1 ring-slate-200">
                <p className="font-semibold text-slate-900">
                  {formatDateBR(ev.data)} — {NOMES_DOS_EVENTOS[ev.tipo]}
                </p>
                {ev.descricao ? <p className="whitespace-pre-line text-slate-700">{ev.descricao}</p> : null}
                {ev.exigeInspecao ? <p className="text-amber-900">Exige inspeção extraordinária.</p> : null}
              </li>
            ))}
          </ul>
        )}
        {aberto === 'evento' ? (
          <EventoForm equipamento={e} onFeito={feito} onCancelar={() => setAberto(null)} />
        ) : (
          <button
            type="button"
            className={`${buttonClass('secondary')} mt-3`}
            onClick={() => setAberto('evento')}
          >
            Registrar evento
          </button>
        )}
      </Secao>

      <Secao titulo="Documentos">
        {e.documentos.length === 0 ? (
          <p className="text-slate-700">Nenhum laudo ligado a este equipamento.</p>
        ) : (
          <ul className="grid gap-3">
            {e.documentos.map((d) => {
              const arquivos = [d.arquivoPdfNome, d.arquivoExcelNome].filter(Boolean);
              const relatorio = e.inspecoes.find((i) => i.laudoId === d.id);
              return (
                <li key={d.id} className="rounded-xl bg-white p-4 text-sm ring-1 ring-slate-200">
                  <Link to={laudoHref(d.id)} className="font-semibold text-brand-700 hover:underline">
                    {d.nome}
                  </Link>
                  <p className="text-slate-700">
                    {d.codigo}
                    {d.versao > 1 ? ` · versão ${d.versao}` : ''}
                    {d.dataVencimento ? ` · vence em ${formatDateBR(d.dataVencimento)}` : ''}
                  </p>
                  {relatorio ? (
                    <p className="text-slate-700">
                      Relatório da inspeção de {formatDateBR(relatorio.dataFim)}
                    </p>
                  ) : null}
                  <p className="text-slate-600">
                    {arquivos.length > 0 ? `Arquivos: ${arquivos.join(', ')}` : 'Sem arquivos.'}
                  </p>
                </li>
              );
            })}
          </ul>
        )}
      </Secao>

      <ConfirmDialog
        open={excluindo}
        title={`Excluir ${e.tag}?`}
        confirmLabel="Excluir equipamento"
        pending={excluir.isPending}
        error={excluir.isError ? errorMessage(excluir.error) : null}
        onClose={() => setExcluindo(false)}
        onConfirm={() =>
          excluir.mutate(e.id, {
            onSuccess: () => navigate(paths.equipamentos, { replace: true }),
          })
        }
      >
        O equipamento sai do cadastro com as suas inspeções, prorrogações e eventos. Não dá para desfazer.
      </ConfirmDialog>
    </Moldura>
  );
}

const numero = (n: number) => n.toLocaleString('pt-BR', { maximumFractionDigits: 3 });

function Secao({
  titulo,
  children,
  headingRef,
}: {
  titulo: string;
  children: ReactNode;
  headingRef?: React.Ref<HTMLHeadingElement>;
}) {
  const id = useId();
  return (
    <section className="mt-8" aria-labelledby={id}>
      <h2
        id={id}
        ref={headingRef}
        tabIndex={-1}
        className="text-xl font-semibold text-slate-900 focus:outline-none"
      >
        {titulo}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function Dado({ rotulo, children }: { rotulo: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm font-medium text-slate-600">{rotulo}</dt>
      <dd className="[overflow-wrap:anywhere] text-slate-900">{children || '—'}</dd>
    </div>
  );
}

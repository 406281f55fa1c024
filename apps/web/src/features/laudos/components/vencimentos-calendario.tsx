import {
  addDaysIso,
  calendarDayIn,
  classificarVencimento,
  DIAS_ALERTA_VENCIMENTO,
  type StatusVencimento,
  statusVencimentoLabel,
} from '@laudos/domain';
import { type KeyboardEvent, type MouseEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { plural } from '../../../lib/format';
import { useSiteInfo } from '../../../lib/site-info';
import type { Laudo } from '../api/laudo';
import { useLaudosDoPeriodo } from '../api/laudos-do-periodo';
import {
  diasDaGrade,
  diasDaSemana,
  inicioDaSemana,
  isDia,
  isMes,
  mesDoDia,
  mesmoDiaEm,
  nomeDoDia,
  nomeDoMes,
} from './calendario-datas';
import { LaudoLista } from './laudo-lista';
import { icones as iconesDoStatus } from './vencimento-badge';

/*
 * /vencimentos?visao=calendario&mes=AAAA-MM&dia=AAAA-MM-DD — the month view of the due dates.
 * The view, the month and the opened day live in the URL, so a reload or a shared link shows the
 * same screen. The grid follows the WAI-ARIA date grid: one day in the tab order (roving focus),
 * arrows by day and week, PageUp/PageDown by month, Home/End to the week's ends, Enter opens a day.
 */

export type VisaoVencimentos = 'lista' | 'calendario';

export function useVisaoVencimentos(): VisaoVencimentos {
  const [params] = useSearchParams();
  return params.get('visao') === 'calendario' ? 'calendario' : 'lista';
}

/** "Lista | Calendário": the switch between the two views of /vencimentos. */
export function SeletorDeVisao() {
  const visao = useVisaoVencimentos();
  const [, setParams] = useSearchParams();
  const escolher = (nova: VisaoVencimentos) =>
    setParams(
      (atual) => {
        const proximo = new URLSearchParams(atual);
        if (nova === 'calendario') proximo.set('visao', 'calendario');
        else for (const chave of ['visao', 'mes', 'dia']) proximo.delete(chave);
        return proximo;
      },
      { replace: true },
    );
  const opcao = (valor: VisaoVencimentos, rotulo: string) => (
    <button
      type="button"
      aria-pressed={visao === valor}
      onClick={() => escolher(valor)}
      className={`rounded-md px-3 py-1.5 text-sm font-semibold ${
        visao === valor
          ? 'bg-white text-slate-900 shadow-sm ring-1 ring-slate-300'
          : 'text-slate-700 hover:bg-white/60'
      }`}
    >
      {rotulo}
    </button>
  );
  return (
    <fieldset className="inline-flex gap-1 rounded-lg bg-slate-100 p-1">
      <legend className="sr-only">Visualização</legend>
      {opcao('lista', 'Lista')}
      {opcao('calendario', 'Calendário')}
    </fieldset>
  );
}

const corDoDia: Record<StatusVencimento, string> = {
  vencido: 'bg-red-50 text-red-800 ring-red-300',
  vencendo: 'bg-amber-50 text-amber-900 ring-amber-300',
  ativo: 'bg-emerald-50 text-emerald-800 ring-emerald-300',
};

const legenda: { status: StatusVencimento; texto: string }[] = [
  { status: 'vencido', texto: statusVencimentoLabel.vencido },
  { status: 'vencendo', texto: `${statusVencimentoLabel.vencendo} (até ${DIAS_ALERTA_VENCIMENTO} dias)` },
  { status: 'ativo', texto: statusVencimentoLabel.ativo },
];

function IconeStatus({ status }: { status: StatusVencimento }) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      className="size-3 shrink-0"
      fill="none"
      stroke="currentColor"
      strokeWidth="3"
      strokeLinecap="round"
    >
      <path d={iconesDoStatus[status]} />
    </svg>
  );
}

const SEMANA = diasDaSemana();

export function VencimentosCalendario({
  busca,
  tipo,
  admin,
}: {
  busca: string;
  tipo: string;
  admin: boolean;
}) {
  const [params, setParams] = useSearchParams();
  const { timeZone } = useSiteInfo();
  // Today is the firm's calendar day, as the server classifies the laudos.
  const hoje = calendarDayIn(timeZone);
  const mesParam = params.get('mes');
  const mes = isMes(mesParam) ? mesParam : mesDoDia(hoje);
  const dias = useMemo(() => diasDaGrade(mes), [mes]);
  const diaParam = params.get('dia');
  const aberto = isDia(diaParam) && dias.includes(diaParam) ? diaParam : null;

  const [foco, setFoco] = useState(() => aberto ?? hoje);
  // The focusable day always belongs to the month shown (the URL may have changed the month).
  const focoNoMes = mesDoDia(foco) === mes ? foco : mesDoDia(hoje) === mes ? hoje : `${mes}-01`;

  const de = dias[0] ?? `${mes}-01`;
  const ate = dias[dias.length - 1] ?? `${mes}-01`;
  const consulta = useLaudosDoPeriodo({ de, ate, busca: busca.trim(), tipo });
  const porDia = useMemo(() => {
    const mapa = new Map<string, Laudo[]>();
    for (const laudo of consulta.data ?? []) {
      if (!laudo.dataVencimento) continue;
      const lista = mapa.get(laudo.dataVencimento);
      if (lista) lista.push(laudo);
      else mapa.set(laudo.dataVencimento, [laudo]);
    }
    return mapa;
  }, [consulta.data]);

  const grade = useRef<HTMLTableElement>(null);
  const tituloDoDia = useRef<HTMLHeadingElement>(null);
  // The day the keyboard sent the focus to, until it is there: keys pressed while a new month
  // renders count from it, not from the old day still holding the focus (no key is lost).
  const focarDia = useRef<string | null>(null);
  const focarLista = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the day or the month changes; the target is read from the ref
  useEffect(() => {
    // The ref, not `foco`: this effect may run late (after a month's render in a transition),
    // when more keys have already moved the target on.
    const alvo = focarDia.current;
    // Wait until the URL shows the target's month: the month changes a render after the focus.
    if (!alvo || mesDoDia(alvo) !== mes) return;
    const botao = grade.current?.querySelector<HTMLElement>(`[data-dia="${alvo}"]`);
    if (!botao) return;
    focarDia.current = null;
    botao.focus();
  }, [foco, mes]);

  useEffect(() => {
    if (!focarLista.current || !aberto) return;
    focarLista.current = false;
    tituloDoDia.current?.focus();
  }, [aberto]);

  function atualizar(mudancas: Record<string, string>) {
    setParams(
      (atual) => {
        const proximo = new URLSearchParams(atual);
        proximo.set('visao', 'calendario');
        for (const [chave, valor] of Object.entries(mudancas)) proximo.set(chave, valor);
        return proximo;
      },
      // Moving around the calendar is not a history entry per day.
      { replace: true },
    );
  }

  function irPara(dia: string, focar: boolean) {
    focarDia.current = focar ? dia : null;
    setFoco(dia);
    if (mesDoDia(dia) !== mes) atualizar({ mes: mesDoDia(dia) });
  }

  function abrir(dia: string, evento: MouseEvent) {
    setFoco(dia);
    // A click made with the keyboard (detail 0) takes the focus to the day's list; a mouse click
    // leaves it on the grid, so the page does not scroll away from the pointer.
    focarLista.current = evento.detail === 0;
    atualizar({ mes: mesDoDia(dia), dia });
    if (aberto === dia && focarLista.current) tituloDoDia.current?.focus();
  }

  function teclar(evento: KeyboardEvent<HTMLTableElement>) {
    const dia =
      focarDia.current ?? (evento.target as HTMLElement).closest('[data-dia]')?.getAttribute('data-dia');
    if (!dia) return;
    const destinos: Record<string, () => string> = {
      ArrowLeft: () => addDaysIso(dia, -1),
      ArrowRight: () => addDaysIso(dia, 1),
      ArrowUp: () => addDaysIso(dia, -7),
      ArrowDown: () => addDaysIso(dia, 7),
      PageUp: () => mesmoDiaEm(dia, evento.shiftKey ? -12 : -1),
      PageDown: () => mesmoDiaEm(dia, evento.shiftKey ? 12 : 1),
      Home: () => inicioDaSemana(dia),
      End: () => addDaysIso(inicioDaSemana(dia), 6),
    };
    const destino = destinos[evento.key];
    if (!destino) return;
    evento.preventDefault();
    irPara(destino(), true);
  }

  const tituloId = `calendario-${mes}`;
  const laudosDoDia = aberto ? (porDia.get(aberto) ?? []) : [];
  const semanas = Array.from({ length: dias.length / 7 }, (_, i) => dias.slice(i * 7, i * 7 + 7));

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2
          id={tituloId}
          aria-live="polite"
          className="text-xl font-semibold text-slate-900 first-letter:uppercase"
        >
          {nomeDoMes(mes)}
        </h2>
        {/* On a phone the arrows alone keep the heading and the buttons on one row. */}
        <div className="flex items-center gap-2">
          <button
            type="button"
            className={buttonClass('secondary', 'sm')}
            onClick={() => irPara(mesmoDiaEm(focoNoMes, -1), false)}
          >
            <span aria-hidden="true">←</span>
            <span className="sr-only sm:not-sr-only">Mês anterior</span>
          </button>
          <button
            type="button"
            className={buttonClass('secondary', 'sm')}
            onClick={() => irPara(hoje, false)}
          >
            Hoje
          </button>
          <button
            type="button"
            className={buttonClass('secondary', 'sm')}
            onClick={() => irPara(mesmoDiaEm(focoNoMes, 1), false)}
          >
            <span className="sr-only sm:not-sr-only">Próximo mês</span>
            <span aria-hidden="true">→</span>
          </button>
        </div>
      </div>
      <p className="mt-1 h-5 text-sm text-slate-600" role="status">
        {consulta.isFetching ? 'Carregando vencimentos...' : ''}
      </p>
      {consulta.isError ? (
        <div className="mt-2">
          <ErrorNotice error={consulta.error} onRetry={() => void consulta.refetch()} />
        </div>
      ) : null}

      <table
        ref={grade}
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the WAI-ARIA date grid is a table with role="grid", so screen readers pass the arrow keys through
        role="grid"
        aria-labelledby={tituloId}
        aria-busy={consulta.isFetching}
        onKeyDown={teclar}
        className="mt-2 w-full table-fixed border-separate border-spacing-0.5 sm:border-spacing-1"
      >
        <thead>
          <tr>
            {SEMANA.map((dia) => (
              <th key={dia.longo} scope="col" className="pb-1 text-xs font-semibold text-slate-600 uppercase">
                <span aria-hidden="true">{dia.curto.replace('.', '')}</span>
                <span className="sr-only">{dia.longo}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {semanas.map((semana) => (
            <tr key={semana[0]}>
              {semana.map((dia) => (
                <Dia
                  key={dia}
                  dia={dia}
                  noMes={mesDoDia(dia) === mes}
                  hoje={dia === hoje}
                  focavel={dia === focoNoMes}
                  aberto={dia === aberto}
                  laudos={porDia.get(dia) ?? []}
                  status={classificarVencimento(dia, hoje).status}
                  onClick={(evento) => abrir(dia, evento)}
                />
              ))}
            </tr>
          ))}
        </tbody>
      </table>

      <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700" aria-label="Legenda">
        {legenda.map((item) => (
          <li key={item.status} className="flex items-center gap-1">
            <span
              className={`inline-flex size-4 items-center justify-center rounded-full ring-1 ${corDoDia[item.status]}`}
            >
              <IconeStatus status={item.status} />
            </span>
            {item.texto}
          </li>
        ))}
      </ul>

      <section aria-labelledby="calendario-dia" className="mt-6">
        <h3
          id="calendario-dia"
          ref={tituloDoDia}
          tabIndex={-1}
          className="text-lg font-semibold text-slate-900 first-letter:uppercase focus:outline-none"
        >
          {aberto ? nomeDoDia(aberto) : 'Nenhum dia escolhido'}
        </h3>
        <div className="mt-3">
          {!aberto ? (
            <p className="text-sm text-slate-600">
              Escolha um dia no calendário para ver os laudos que vencem nele.
            </p>
          ) : laudosDoDia.length === 0 ? (
            <p className="rounded-xl border border-dashed border-slate-300 p-4 text-sm text-slate-600">
              {consulta.isPending ? 'Carregando laudos...' : 'Nenhum laudo vence neste dia.'}
            </p>
          ) : (
            <LaudoLista laudos={laudosDoDia} mostrarCliente={admin} />
          )}
        </div>
      </section>
    </div>
  );
}

function Dia({
  dia,
  noMes,
  hoje,
  focavel,
  aberto,
  laudos,
  status,
  onClick,
}: {
  dia: string;
  noMes: boolean;
  hoje: boolean;
  focavel: boolean;
  aberto: boolean;
  laudos: Laudo[];
  status: StatusVencimento;
  onClick: (evento: MouseEvent) => void;
}) {
  const total = laudos.length;
  // The whole story in the name: the day, "hoje", how many laudos and their status in words.
  const rotulo = [
    nomeDoDia(dia),
    hoje ? 'hoje' : null,
    total > 0
      ? `${plural(total, 'laudo', 'laudos')}, ${statusVencimentoLabel[status].toLowerCase()}`
      : 'nenhum laudo',
  ]
    .filter(Boolean)
    .join(', ');
  return (
    // biome-ignore lint/a11y/useFocusableInteractive: the day's button inside takes the focus (roving tabindex)
    <td
      // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a date grid's cell (WAI-ARIA date picker pattern), for aria-selected
      role="gridcell"
      aria-selected={aberto}
      className="p-0 align-top"
    >
      <button
        type="button"
        data-dia={dia}
        tabIndex={focavel ? 0 : -1}
        aria-current={hoje ? 'date' : undefined}
        onClick={onClick}
        className={`flex h-14 w-full flex-col items-center gap-0.5 rounded-lg p-1 text-left ring-1 ring-inset focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-700 sm:h-24 sm:items-stretch sm:p-1.5 ${
          total > 0
            ? corDoDia[status]
            : noMes
              ? 'bg-white text-slate-900 ring-slate-200'
              : 'bg-slate-50 text-slate-600 ring-slate-200'
        } ${aberto ? 'ring-2 ring-brand-700' : ''}`}
      >
        {/* The name is this text, the visible digits and counts hidden from it: an aria-label would
            have to contain the visible text (axe's label-content-name-mismatch). */}
        <span className="sr-only">{rotulo}</span>
        <span
          aria-hidden="true"
          className={`inline-flex size-6 items-center justify-center rounded-full text-sm ${
            hoje ? 'bg-brand-700 font-bold text-white' : noMes ? 'font-semibold' : ''
          }`}
        >
          {Number(dia.slice(8, 10))}
        </span>
        {total > 0 ? (
          <span aria-hidden="true" className="flex min-w-0 items-center gap-0.5 text-xs font-semibold">
            <IconeStatus status={status} />
            {total}
            <span className="hidden truncate font-normal sm:inline">
              &nbsp;{total === 1 ? laudos[0]?.nome : 'laudos'}
            </span>
          </span>
        ) : null}
      </button>
    </td>
  );
}

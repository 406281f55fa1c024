import {
  addDaysIso,
  calendarDayIn,
  dataDoMarco,
  type Frequencia,
  faixasDeVencimento,
  type JanelaDeRegra,
  type Marco,
  marcoAEnviar,
  relogioLocal,
  type TipoDeMensagem,
  templateDoMarco,
  tipoDoMarco,
  ultimoHorario,
} from '@laudos/domain';
import type { ItemSimulado, Simulacao } from '@laudos/domain/api';
import { and, eq, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { authUser, laudos, notificationHistory, usuarios } from '../../db/schema.ts';
import type { EmailService } from '../../email/delivery.ts';
import { suprimidosEntre } from '../../email/supressao.ts';
import { variaveisDoLaudo } from '../laudos/variaveis-email.ts';
import { empresasSemRecurso } from '../planos/recursos.ts';
import { quemQuerReceber } from '../preferencias/service.ts';
import { vencimentosRespondidos } from '../respostas/service.ts';
import {
  chaveDoEscalonamento,
  escalonamentosJaEnviados,
  planejarEscalonamentos,
  variaveisDoEscalonamento,
} from './escalonamento.ts';
import type { RegraRow } from './regras.ts';
import { planejarRelatoriosMensais } from './relatorio-mensal.ts';
import { agruparResumos, variaveisDoResumo } from './resumo.ts';

/**
 * Planning: which laudos are due which reminder. Each rule covers a window of days (its last run,
 * the day it runs] (decision 008); each laudo gets the latest milestone in its window. Nothing here
 * writes: the dry run is planning alone, and a run hands the plan to envio.ts.
 */

/** A window never reaches further back than this: the last milestone is 365 days after expiry. */
const MAX_JANELA_DIAS = 400;

/** The days (de, ate] a rule covers in one run. */
export interface Janela {
  regra: RegraRow;
  de: string;
  ate: string;
}

export interface LaudoDevido {
  id: string;
  nome: string;
  codigo: string;
  cliente: string;
  tipo: string;
  emailCliente: string | null;
  empresaId: string | null;
  dataVencimento: string;
  usuarioId: string | null;
  usuarioNome: string | null;
}

/** Who a reminder goes to: a lower-case address, and the account it belongs to, if any. */
export interface Destinatario {
  email: string;
  nome: string | null;
  usuarioId: string | null;
}

/**
 * One reminder to send: a laudo, its milestone, one recipient, the rule that reached it and the
 * template. A laudo's milestone goes to its `email_cliente` and to the people of its company who
 * receive reminders (issue 17), each address once.
 */
export interface Envio {
  laudo: LaudoDevido;
  destinatario: Destinatario;
  marco: Marco;
  regra: RegraRow;
  templateType: string;
}

function agendaDe(r: RegraRow) {
  return { frequency: r.frequency as Frequencia, runTime: r.runTime, weekday: r.weekday };
}

/**
 * The 5-minute check's windows: the rules whose time has come since their last run, each covering
 * the days since then (a missed 09:00 is caught up).
 */
export function janelasVencidas(regras: readonly RegraRow[], timeZone: string, now: Date): Janela[] {
  const relogio = relogioLocal(timeZone, now);
  const janelas: Janela[] = [];
  for (const regra of regras) {
    const ate = ultimoHorario(agendaDe(regra), relogio);
    // A rule never run covers from the day it was created: nothing from before it existed.
    const de = regra.lastRunDate ?? addDaysIso(calendarDayIn(timeZone, regra.createdAt), -1);
    if (de < ate) janelas.push({ regra, de, ate });
  }
  return janelas;
}

/** "Run now" and the CLI: every rule up to `ate`, covering the days since its last run, or at least `ate`. */
export function janelasAte(regras: readonly RegraRow[], ate: string): Janela[] {
  const ontem = addDaysIso(ate, -1);
  return regras.map((regra) => ({
    regra,
    de: regra.lastRunDate && regra.lastRunDate < ontem ? regra.lastRunDate : ontem,
    ate,
  }));
}

/** The dry run's windows: the rules that would run on `data`, each since its previous scheduled run. */
function janelasDoDia(regras: readonly RegraRow[], data: string): Janela[] {
  const janelas: Janela[] = [];
  for (const regra of regras) {
    const agenda = agendaDe(regra);
    if (ultimoHorario(agenda, { dia: data, hora: '23:59' }) !== data) continue;
    const anterior = ultimoHorario(agenda, { dia: addDaysIso(data, -1), hora: '23:59' });
    janelas.push({ regra, de: anterior, ate: data });
  }
  return janelas;
}

/**
 * The laudos with a milestone in some window (an index range scan on data_vencimento each). A laudo
 * of a company whose plan leaves out `notificacoes` gets none (issue 18): counted in `semPlano`. A
 * laudo whose due date was answered (renewal requested or "ciente", issue 19) gets no more
 * before-expiry reminders, nor after-expiry notices of a rule with `pararAposResposta`: counted in
 * `respondidos`. A recipient on the suppression list (decision 036) is left out: counted in
 * `suprimidos` (one per recipient and laudo).
 */
export async function planejarEnvios(
  db: DbOrTx,
  janelas: readonly Janela[],
  /** The kinds the firm made obligatory (settings.notifications.tiposObrigatorios). */
  obrigatorios: readonly TipoDeMensagem[],
): Promise<{
  /** What goes by e-mail: without suppressed addresses and people who turned the kind off. */
  envios: Envio[];
  /**
   * Before those two e-mail filters: other channels (WhatsApp) apply their own consent and
   * preferences to these.
   */
  candidatos: Envio[];
  semEmail: number;
  semPlano: number;
  respondidos: number;
  foraDoTipo: number;
  descadastrados: number;
  suprimidos: number;
}> {
  const regrasPorId = new Map(janelas.map((j) => [j.regra.id, j.regra]));
  const janelasDeRegra: JanelaDeRegra[] = janelas
    .filter((j) => j.regra.kind === 'vencendo' || j.regra.kind === 'vencido')
    .map((j) => {
      const limite = addDaysIso(j.ate, -MAX_JANELA_DIAS);
      return {
        regraId: j.regra.id,
        tipo: j.regra.kind as 'vencendo' | 'vencido',
        dias: j.regra.kind === 'vencendo' ? j.regra.daysBefore : j.regra.daysAfter,
        de: j.de < limite ? limite : j.de,
        ate: j.ate,
      };
    });
  const faixas = faixasDeVencimento(janelasDeRegra);
  if (faixas.length === 0)
    return {
      envios: [],
      candidatos: [],
      semEmail: 0,
      semPlano: 0,
      respondidos: 0,
      foraDoTipo: 0,
      descadastrados: 0,
      suprimidos: 0,
    };
  const rows = await laudosDevidos(db, faixas);
  // A rule limited to laudo types reaches only those (decision 031): each laudo's milestone is the
  // latest among the rules of its type; one reached only by rules of other types is `foraDoTipo`.
  let foraDoTipo = 0;
  const marcados = rows.flatMap((laudo) => {
    const doTipo = janelasDeRegra.filter((j) => regraDoTipo(regrasPorId.get(j.regraId)!, laudo.tipo));
    const escolha = marcoAEnviar(laudo.dataVencimento, doTipo);
    if (
      !escolha &&
      doTipo.length < janelasDeRegra.length &&
      marcoAEnviar(laudo.dataVencimento, janelasDeRegra)
    )
      foraDoTipo++;
    return escolha ? [{ laudo, escolha }] : [];
  });
  const semNotificacoes = await empresasSemRecurso(
    db,
    marcados.map((d) => d.laudo.empresaId),
    'notificacoes',
  );
  const doPlano = marcados.filter((d) => !d.laudo.empresaId || !semNotificacoes.has(d.laudo.empresaId));
  const semPlano = marcados.length - doPlano.length;
  const respondidas = await vencimentosRespondidos(
    db,
    doPlano.map((d) => ({ laudoId: d.laudo.id, dataVencimento: d.laudo.dataVencimento })),
  );
  const devidos = doPlano.filter(({ laudo, escolha }) => {
    if (!respondidas.has(`${laudo.id}|${laudo.dataVencimento}`)) return true;
    return escolha.marco.tipo === 'vencido' && !regrasPorId.get(escolha.regraId)!.pararAposResposta;
  });
  const respondidos = doPlano.length - devidos.length;
  const equipes = await equipesQueRecebem(
    db,
    devidos.map((d) => d.laudo.empresaId),
  );
  const envios: Envio[] = [];
  let semEmail = 0;
  for (const { laudo, escolha } of devidos) {
    const destinatarios = destinatariosDoLaudo(laudo, equipes);
    if (destinatarios.length === 0) {
      semEmail++;
      continue;
    }
    const regra = regrasPorId.get(escolha.regraId)!;
    for (const destinatario of destinatarios)
      envios.push({
        laudo,
        destinatario,
        marco: escolha.marco,
        regra,
        templateType: regra.templateType ?? templateDoMarco(escolha.marco),
      });
  }
  // Addresses on the suppression list (bounced for good, complained: decision 036) get nothing.
  const suprimidosSet = await suprimidosEntre(
    db,
    envios.map((e) => e.destinatario.email),
  );
  const aEnviar = envios.filter((e) => !suprimidosSet.has(e.destinatario.email.trim().toLowerCase()));
  const preferidos = await queremReceber(db, aEnviar, obrigatorios);
  return {
    envios: preferidos,
    candidatos: envios,
    semEmail,
    semPlano,
    respondidos,
    foraDoTipo,
    descadastrados: aEnviar.length - preferidos.length,
    suprimidos: envios.length - aEnviar.length,
  };
}

/**
 * Preferences (issue 20, decision 035): a reminder to a person who turned its kind of e-mail off
 * (before or after expiry) is dropped, unless the firm made the kind obligatory. Counted as
 * `descadastrados`. An address with no account has no preferences.
 */
async function queremReceber(
  db: DbOrTx,
  envios: readonly Envio[],
  obrigatorios: readonly TipoDeMensagem[],
): Promise<Envio[]> {
  const ids = envios.map((e) => e.destinatario.usuarioId);
  const antes = await quemQuerReceber(db, obrigatorios, ids, 'lembrete_antes', 'email');
  const vencido = await quemQuerReceber(db, obrigatorios, ids, 'lembrete_vencido', 'email');
  return envios.filter(({ destinatario: { usuarioId }, marco }) => {
    if (!usuarioId) return true;
    return (tipoDoMarco(marco.tipo) === 'lembrete_antes' ? antes : vencido).has(usuarioId);
  });
}

/** Whether a rule applies to a laudo of this type: a rule with no types applies to every type. */
export function regraDoTipo(regra: Pick<RegraRow, 'tipos'>, tipo: string): boolean {
  return regra.tipos.length === 0 || regra.tipos.includes(tipo);
}

/**
 * The people of these companies who receive reminders: active, with a proven e-mail, and who chose
 * to (or, not having chosen, are gestores).
 */
export async function equipesQueRecebem(
  db: DbOrTx,
  empresaIds: readonly (string | null)[],
): Promise<Map<string, Destinatario[]>> {
  const ids = [...new Set(empresaIds.filter((id): id is string => Boolean(id)))];
  const equipes = new Map<string, Destinatario[]>();
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = await db
      .select({
        empresaId: usuarios.empresaId,
        usuarioId: usuarios.id,
        nome: usuarios.nome,
        email: usuarios.email,
      })
      .from(usuarios)
      .innerJoin(authUser, eq(authUser.id, usuarios.id))
      .where(
        and(
          inArray(usuarios.empresaId, ids.slice(i, i + 1000)),
          eq(usuarios.ativo, true),
          eq(authUser.emailVerified, true),
          sql`coalesce(${usuarios.receberLembretes}, ${usuarios.papel} = 'gestor')`,
        ),
      )
      .orderBy(usuarios.id);
    for (const r of rows) {
      const lista = equipes.get(r.empresaId!) ?? [];
      lista.push({ email: r.email.trim().toLowerCase(), nome: r.nome, usuarioId: r.usuarioId });
      equipes.set(r.empresaId!, lista);
    }
  }
  return equipes;
}

/** `email_cliente` first, then the company's people who receive reminders; each address once. */
function destinatariosDoLaudo(laudo: LaudoDevido, equipes: Map<string, Destinatario[]>): Destinatario[] {
  const lista: Destinatario[] = [];
  const vistos = new Set<string>();
  const email = laudo.emailCliente?.trim().toLowerCase();
  if (email) {
    lista.push({ email, nome: laudo.usuarioNome, usuarioId: laudo.usuarioId });
    vistos.add(email);
  }
  for (const pessoa of laudo.empresaId ? (equipes.get(laudo.empresaId) ?? []) : []) {
    if (vistos.has(pessoa.email)) continue;
    vistos.add(pessoa.email);
    lista.push(pessoa);
  }
  return lista;
}

/**
 * For each planned reminder: whether a milestone as recent or later was already recorded for that
 * laudo, due date and recipient (then this one is superseded, and a run skips it).
 */
export async function marcarJaEnviados(
  db: DbOrTx,
  envios: readonly Envio[],
): Promise<Array<{ envio: Envio; jaEnviado: boolean }>> {
  const ultimos = new Map<string, string>();
  for (let i = 0; i < envios.length; i += 1000) {
    const ids = [...new Set(envios.slice(i, i + 1000).map((e) => e.laudo.id))];
    const rows = await db
      .select({
        laudoId: notificationHistory.laudoId,
        dataVencimento: notificationHistory.dataVencimento,
        destinatario: notificationHistory.destinatario,
        ultimo: sql<string>`max(${notificationHistory.dataVencimento} - (case when ${notificationHistory.notificationType} = 'vencendo' then ${notificationHistory.daysValue} else -${notificationHistory.daysValue} end))::text`,
      })
      .from(notificationHistory)
      .where(
        and(
          inArray(notificationHistory.laudoId, ids),
          inArray(notificationHistory.notificationType, ['vencendo', 'vencido']),
        ),
      )
      .groupBy(
        notificationHistory.laudoId,
        notificationHistory.dataVencimento,
        notificationHistory.destinatario,
      );
    for (const r of rows) ultimos.set(`${r.laudoId}|${r.dataVencimento}|${r.destinatario}`, r.ultimo);
  }
  return envios.map((envio) => {
    const ultimo = ultimos.get(`${envio.laudo.id}|${envio.laudo.dataVencimento}|${envio.destinatario.email}`);
    const jaEnviado = ultimo !== undefined && ultimo >= dataDoMarco(envio.laudo.dataVencimento, envio.marco);
    return { envio, jaEnviado };
  });
}

/** A dry run: what a run on `data` would send (each rule on its own schedule), sending nothing. */
export async function simularLembretes(
  deps: {
    db: Db;
    email: Pick<EmailService, 'render'>;
    publicUrl: string;
    timeZone: string;
    obrigatorios: readonly TipoDeMensagem[];
  },
  regras: readonly RegraRow[],
  data: string,
): Promise<Simulacao> {
  const { db, email } = deps;
  const janelas = janelasDoDia(regras, data);
  const { envios, semEmail, semPlano, respondidos, foraDoTipo, descadastrados, suprimidos } =
    await planejarEnvios(db, janelas, deps.obrigatorios);
  const itens: ItemSimulado[] = [];
  const marcados = await marcarJaEnviados(db, envios);
  const assuntoDe = async (type: string, variables: Record<string, unknown>) => {
    try {
      return (await email.render(db, { type: type as never, variables })).subject;
    } catch (err) {
      return `(não enviado: ${(err as Error).message})`;
    }
  };
  // The digests: one per recipient, listing what a run would not skip (links are made at the run).
  const resumos: Simulacao['resumos'] = [];
  const semLinks = {
    solicitar: `${deps.publicUrl}/lembrete/simulacao`,
    ciente: `${deps.publicUrl}/lembrete/simulacao`,
  };
  for (const [destinatario, lista] of agruparResumos(marcados.filter((m) => !m.jaEnviado))) {
    const variaveis = variaveisDoResumo(
      lista.map((m) => ({ envio: m.envio, links: semLinks })),
      { hoje: data, publicUrl: deps.publicUrl },
    );
    resumos.push({
      destinatario,
      destinatarioNome: lista[0]!.envio.destinatario.nome,
      laudos: lista.length,
      assunto: await assuntoDe('resumo_lembretes', variaveis),
    });
  }
  for (const { envio: e, jaEnviado } of marcados) {
    let assunto = '';
    try {
      assunto = (
        await email.render(db, {
          type: e.templateType as never,
          variables: variaveisDoLaudo(e.laudo, {
            hoje: data,
            publicUrl: deps.publicUrl,
            clienteNome: e.destinatario.nome,
          }),
        })
      ).subject;
    } catch (err) {
      assunto = `(não enviado: ${(err as Error).message})`;
    }
    itens.push({
      laudoId: e.laudo.id,
      laudoNome: e.laudo.nome,
      laudoCodigo: e.laudo.codigo,
      cliente: e.laudo.cliente,
      destinatario: e.destinatario.email,
      destinatarioNome: e.destinatario.nome ?? e.laudo.cliente,
      tipo: e.marco.tipo,
      dias: e.marco.dias,
      templateType: e.templateType,
      assunto,
      regra: e.regra.name,
      jaEnviado,
      resumo: e.regra.resumo,
    });
  }
  const escalonamentos = await planejarEscalonamentos(db, janelas, deps.timeZone);
  const jaEscalados = await escalonamentosJaEnviados(db, escalonamentos);
  for (const e of escalonamentos)
    itens.push({
      laudoId: e.laudo.id,
      laudoNome: e.laudo.nome,
      laudoCodigo: e.laudo.codigo,
      cliente: e.laudo.cliente,
      destinatario: e.destinatario.email,
      destinatarioNome: e.destinatario.nome,
      tipo: 'escalonamento',
      dias: e.diasSemResposta,
      templateType: 'escalonamento',
      assunto: await assuntoDe(
        'escalonamento',
        variaveisDoEscalonamento(e, { hoje: data, publicUrl: deps.publicUrl }),
      ),
      regra: e.regra.name,
      jaEnviado: jaEscalados.has(chaveDoEscalonamento(e)),
      resumo: false,
    });
  const mensal = janelas.find((j) => j.regra.kind === 'relatorio_mensal');
  let mensaisSemPlano = 0;
  let mensaisDescadastrados = 0;
  if (mensal) {
    const r = await planejarRelatoriosMensais(db, email, mensal.regra, data, deps.obrigatorios);
    itens.push(...r.itens);
    mensaisSemPlano = r.semPlano;
    mensaisDescadastrados = r.descadastrados;
  }
  return {
    data,
    itens,
    semEmail,
    semPlano: semPlano + mensaisSemPlano,
    respondidos,
    foraDoTipo,
    descadastrados: descadastrados + mensaisDescadastrados,
    suprimidos,
    resumos,
  };
}

/** The laudos due in any of the ranges, with the client account their e-mail belongs to. */
async function laudosDevidos(db: DbOrTx, faixas: Array<[string, string]>): Promise<LaudoDevido[]> {
  const cond: SQL[] = faixas.map(([a, b]) =>
    a === b ? sql`${laudos.dataVencimento} = ${a}` : sql`${laudos.dataVencimento} between ${a} and ${b}`,
  );
  const rows = await db
    .select({
      id: laudos.id,
      nome: laudos.nome,
      codigo: laudos.codigo,
      cliente: laudos.cliente,
      tipo: laudos.tipo,
      emailCliente: laudos.emailCliente,
      empresaId: laudos.empresaId,
      dataVencimento: laudos.dataVencimento,
      usuarioId: usuarios.id,
      usuarioNome: usuarios.nome,
    })
    .from(laudos)
    .leftJoin(usuarios, sql`lower(${usuarios.email}) = lower(btrim(${laudos.emailCliente}))`)
    .where(and(isNotNull(laudos.dataVencimento), or(...cond)))
    .orderBy(laudos.id);
  return rows as LaudoDevido[];
}

import { calendarDayIn } from '@laudos/domain';
import type { AgendadorApi, OrigemExecucao, Simulacao } from '@laudos/domain/api';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { EmailService } from '../../email/delivery.ts';
import type { SettingsStore } from '../../settings/store.ts';
import { type DependenciasDoEnvio, enviarLembretes } from './envio.ts';
import {
  type Execucao,
  lerEstadoDoAgendador,
  listarRegrasAtivas,
  pausarAgendador,
  registrarVerificacao,
  retomarAgendador,
} from './estado.ts';
import { janelasAte, janelasVencidas, simularLembretes } from './planejamento.ts';

export interface DependenciasDoAgendador {
  config: Pick<Config, 'timeZone' | 'publicUrl' | 'authSecret'>;
  db: Db;
  email: Pick<EmailService, 'enqueue' | 'render'>;
  settings: SettingsStore;
  /** False on an instance without job workers (JOBS=off): nothing is checked there. */
  workers: boolean;
  log: DependenciasDoEnvio['log'];
  /** Queues a run's reminders by WhatsApp too (modules/whatsapp); absent in the CLI. */
  whatsapp?: DependenciasDoEnvio['whatsapp'];
  /** And the monthly summary by WhatsApp; absent in the CLI. */
  resumoWhatsapp?: DependenciasDoEnvio['resumoWhatsapp'];
  /** The clock (tests travel in time); the real one by default. */
  clock?: () => Date;
}

/**
 * The reminders (spec sections 4, 5 and 9), run on the server: the `notificacoes-verificar` job
 * (jobs/verificar-lembretes.ts) calls `verificar` every 5 minutes, in APP_TIMEZONE. Each due rule
 * covers the days since its previous run, and each laudo gets at most one e-mail per run: the
 * latest milestone in the window.
 *
 * This object only binds the dependencies; the work is in planejamento.ts (which laudos are due
 * what, and the dry run), envio.ts (queueing each reminder exactly once) and estado.ts (pause, the
 * last check, the run records).
 */
export class NotificationScheduler {
  private readonly clock: () => Date;
  private readonly envio: DependenciasDoEnvio;

  constructor(private readonly deps: DependenciasDoAgendador) {
    this.clock = deps.clock ?? (() => new Date());
    this.envio = {
      db: deps.db,
      email: deps.email,
      settings: deps.settings,
      timeZone: deps.config.timeZone,
      publicUrl: deps.config.publicUrl,
      secret: deps.config.authSecret,
      log: deps.log,
      ...(deps.whatsapp ? { whatsapp: deps.whatsapp } : {}),
      ...(deps.resumoWhatsapp ? { resumoWhatsapp: deps.resumoWhatsapp } : {}),
    };
  }

  now(): Date {
    return this.clock();
  }

  /** The 5-minute check: runs the rules whose time has come since their last run. */
  async verificar(opts: { origem: OrigemExecucao; now?: Date }): Promise<Execucao | null> {
    const now = opts.now ?? this.now();
    const { pausado } = await registrarVerificacao(this.deps.db, now);
    if (pausado && opts.origem === 'agendada') return null;
    const regras = await listarRegrasAtivas(this.deps.db);
    const janelas = janelasVencidas(regras, this.deps.config.timeZone, now);
    if (janelas.length === 0) return null;
    return enviarLembretes(this.envio, janelas, opts.origem, now);
  }

  /**
   * "Run now" (and the CLI): every enabled rule, as of a day (today by default), covering the days
   * since its last run, or at least that day itself. What was already sent is skipped.
   */
  async executar(opts: { origem: OrigemExecucao; asOf?: string; now?: Date }): Promise<Execucao> {
    const now = opts.now ?? this.now();
    const ate = opts.asOf ?? calendarDayIn(this.deps.config.timeZone, now);
    const janelas = janelasAte(await listarRegrasAtivas(this.deps.db), ate);
    return enviarLembretes(this.envio, janelas, opts.origem, now);
  }

  /** A dry run: what a run on `data` would send (each rule on its own schedule), sending nothing. */
  async simular(data: string): Promise<Simulacao> {
    return simularLembretes(
      {
        db: this.deps.db,
        email: this.deps.email,
        publicUrl: this.deps.config.publicUrl,
        timeZone: this.deps.config.timeZone,
        obrigatorios: this.deps.settings.get().notifications.tiposObrigatorios,
      },
      await listarRegrasAtivas(this.deps.db),
      data,
    );
  }

  /** Pauses the scheduler on every instance; answers with its new state. */
  async pausar(por: string | null): Promise<AgendadorApi> {
    await pausarAgendador(this.deps.db, por, this.now());
    return this.estado();
  }

  /** Resumes and checks at once (spec section 4: start runs a check immediately); answers with the new state. */
  async retomar(): Promise<AgendadorApi> {
    await retomarAgendador(this.deps.db);
    await this.verificar({ origem: 'retomada' });
    return this.estado();
  }

  async estado(): Promise<AgendadorApi> {
    return lerEstadoDoAgendador(this.deps.db, {
      timeZone: this.deps.config.timeZone,
      workers: this.deps.workers,
      now: this.now(),
    });
  }
}

import path from 'node:path';
import { calendarDayIn } from '@laudos/domain';
import type { FastifyInstance } from 'fastify';
import { type BuildAppOptions, buildApp } from './app.ts';
import { createAuth } from './auth/auth.ts';
import { abrirCanalDeBackup, type CanalDeBackup } from './backup/canal.ts';
import type { Config } from './config.ts';
import { type ChangeFeed, openChangeFeed } from './db/changes.ts';
import { type DatabaseHandle, migrateDatabase, openDatabase } from './db/client.ts';
import { ANEXO_LOGO_DA_EMPRESA, EmailService } from './email/delivery.ts';
import { createJobs, type Jobs } from './jobs/boss.ts';
import { registrarJobs } from './jobs/registro.ts';
import { limparAuditoria } from './modules/auditoria/service.ts';
import { limparAvisosLidos } from './modules/avisos/service.ts';
import { marcarFalha, processarImportacao } from './modules/importacao/service.ts';
import { anexoDoLogo, marcaEmVigor } from './modules/marca/service.ts';
import { NotificationScheduler } from './modules/notificacoes/agendador.ts';
import { registrarResultadoDoLembrete } from './modules/notificacoes/envio.ts';
import { anexoDoRelatorioMensal } from './modules/notificacoes/relatorio-mensal.ts';
import { getPlanoPadrao } from './modules/planos/service.ts';
import {
  type DependenciasDoWhatsapp,
  enfileirarLembretesWhatsapp,
  enfileirarResumosWhatsapp,
  entregarWhatsapp,
} from './modules/whatsapp/service.ts';
import { type AdminSeedResult, seed } from './seed.ts';
import { openSettingsStore, type SettingsStore } from './settings/store.ts';
import { createStorage } from './storage/create-storage.ts';

export interface Server {
  readonly app: FastifyInstance;
  readonly database: DatabaseHandle;
  readonly jobs: Jobs;
  readonly email: EmailService;
  readonly notificacoes: NotificationScheduler;
  readonly settings: SettingsStore;
  readonly seedResult: AdminSeedResult;
  /** Stops in order: HTTP (drains requests), job workers, database. Safe to call twice. */
  close(): Promise<void>;
}

export interface CreateServerOptions extends BuildAppOptions {
  /** Use an already opened database (tests); otherwise one is opened from the config. */
  database?: DatabaseHandle;
  /** The scheduler's clock (tests travel in time); the real one by default. */
  clock?: () => Date;
}

/** Staged uploads and temp files older than this are orphans (decision 038): no upload lasts a day. */
const STAGED_UPLOAD_MAX_AGE_MS = 24 * 3600 * 1000;

/** Opens the database, migrates, seeds, starts the jobs and builds the HTTP app (not listening). */
export async function createServer(config: Config, options: CreateServerOptions = {}): Promise<Server> {
  // First: a bucket that cannot be reached stops the start before the database opens.
  const storage = await createStorage(config);
  const database =
    options.database ??
    (await openDatabase(
      config.databaseUrl
        ? { engine: 'postgres', connectionString: config.databaseUrl }
        : { engine: 'pglite', dataDir: path.join(config.dataDir, 'db') },
    ));
  let app: FastifyInstance | undefined;
  let jobs: Jobs | undefined;
  let jobsStarted = false;
  let email: EmailService | undefined;
  let settings: SettingsStore | undefined;
  let changes: ChangeFeed | undefined;
  let canal: CanalDeBackup | null = null;
  try {
    await migrateDatabase(database);
    const seedResult = await seed(database.db, config);
    // Changes made on other instances (PostgreSQL): the settings, and any cache that joins the feed.
    changes = await openChangeFeed(database, {
      onError: (err, what) => app?.log.warn({ err, what }, 'mudanças de outras instâncias: falha'),
    });
    settings = await openSettingsStore(database, {
      changes,
      refreshMs: config.settingsRefreshSeconds * 1000,
      onRefreshError: (err) => app?.log.warn({ err }, 'configurações: falha ao verificar mudanças'),
    });
    jobs = createJobs(database, {
      workers: config.jobsEnabled,
      superviseIntervalSeconds: config.jobsSuperviseSeconds,
      logError: (err: unknown) => app?.log.error({ err }, 'pg-boss'),
    });
    email = new EmailService(config, database.db, jobs, settings, {
      info: (o, m) => app?.log.info(o, m),
      warn: (o, m) => app?.log.warn(o, m),
      error: (o, m) => app?.log.error(o, m),
    });
    const lojaDeAjustes = settings;
    // The monthly report's PDF and the company's logo, made when the e-mail is delivered, and the
    // company's branding read when it is rendered (email/ imports no module).
    email.usarGeradorDeAnexos((pedido) =>
      pedido.tipo === ANEXO_LOGO_DA_EMPRESA
        ? anexoDoLogo(storage, pedido.dados.key ?? '')
        : anexoDoRelatorioMensal(
            { db: database.db, settings: lojaDeAjustes.get(), timeZone: config.timeZone, storage },
            pedido,
          ),
    );
    email.usarLeitorDeMarca(marcaEmVigor);
    const logger = {
      info: (o: object, m: string) => app?.log.info(o, m),
      warn: (o: object, m: string) => app?.log.warn(o, m),
      error: (o: object, m: string) => app?.log.error(o, m),
    };
    const whatsapp: DependenciasDoWhatsapp = {
      config,
      db: database.db,
      jobs,
      settings,
      log: logger,
    };
    const notificacoes = new NotificationScheduler({
      config,
      db: database.db,
      email,
      settings,
      // Only when configured: a run with the e-mail off sends by WhatsApp only if there is one.
      ...(config.whatsapp
        ? {
            whatsapp: (envios) => enfileirarLembretesWhatsapp(whatsapp, envios),
            resumoWhatsapp: (mes, ids, parametros) =>
              enfileirarResumosWhatsapp(whatsapp, mes, ids, parametros),
          }
        : {}),
      workers: jobs.workers,
      log: logger,
      ...(options.clock ? { clock: options.clock } : {}),
    });
    const delivery = email;
    // The background jobs and what each reaches in the product (jobs/ imports no module).
    registrarJobs(jobs, config, {
      enviarEmail: {
        entregar: (data, attempt, registrarResultado) => delivery.entregar(data, attempt, registrarResultado),
        // A reminder's e-mail settled: its notification log and milestone record the outcome.
        registrarResultado: registrarResultadoDoLembrete,
      },
      verificarLembretes: { verificarLembretes: () => notificacoes.verificar({ origem: 'agendada' }) },
      limparAvisos: { limparAvisos: () => limparAvisosLidos(database.db) },
      enviarWhatsapp: { entregar: (data, attempt) => entregarWhatsapp(whatsapp, data, attempt) },
      limparArmazenamento: {
        limparArmazenamento: () =>
          storage.sweep(new Date((options.clock?.() ?? new Date()).getTime() - STAGED_UPLOAD_MAX_AGE_MS)),
      },
      limparAuditoria: {
        limparAuditoria: () => limparAuditoria(database.db, lojaDeAjustes.get().auditoria.retencaoDias),
      },
      executarImportacao: {
        processarImportacao: (id) =>
          processarImportacao(
            {
              db: database.db,
              email: delivery,
              publicUrl: config.publicUrl,
              hoje: () => calendarDayIn(config.timeZone, options.clock?.() ?? new Date()),
            },
            id,
          ),
        marcarFalha: (id, mensagem) => marcarFalha(database.db, id, mensagem),
      },
    });
    const auth = createAuth(
      config,
      database.db,
      email,
      async () => (await getPlanoPadrao(database.db))?.id ?? null,
    );
    app = await buildApp(
      { config, database, db: database.db, auth, jobs, email, storage, notificacoes, settings },
      options,
    );
    await jobs.start();
    jobsStarted = true;
    await email.init();
    // The embedded database on disk, opened here: `npm run cli -- backup` asks this process for
    // its snapshot through a socket only DATA_DIR's owner can reach (decision 040).
    if (database.engine === 'pglite' && !options.database)
      canal = await abrirCanalDeBackup(config.dataDir, database.pglite, logger);
    const canalDeBackup = canal;

    let closing: Promise<void> | undefined;
    const built = app;
    const startedJobs = jobs;
    const emailService = email;
    const settingsStore = settings;
    const changeFeed = changes;
    return {
      app: built,
      database,
      jobs: startedJobs,
      email: emailService,
      notificacoes,
      settings: settingsStore,
      seedResult,
      close() {
        closing ??= (async () => {
          // Node's server.close() ends only the keep-alive connections idle at that instant: one
          // whose response was still going out would hold the close for its keep-alive timeout
          // (72 s), past main.ts's 20 s limit. Each is ended as soon as its response is done.
          const reap = setInterval(() => built.server.closeIdleConnections(), 100);
          try {
            await canalDeBackup?.close();
            await built.close();
          } finally {
            clearInterval(reap);
            try {
              await startedJobs.stop();
              await emailService.close();
            } finally {
              await settingsStore.close();
              await changeFeed.close();
              await database.close();
              storage.close();
            }
          }
        })();
        return closing;
      },
    };
  } catch (err) {
    await canal?.close().catch(() => {});
    await app?.close().catch(() => {});
    if (jobsStarted) await jobs?.stop().catch(() => {});
    await email?.close().catch(() => {});
    await settings?.close().catch(() => {});
    await changes?.close().catch(() => {});
    if (!options.database) await database.close().catch(() => {});
    storage.close();
    throw err;
  }
}

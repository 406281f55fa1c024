import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  calendarDayIn,
  emailTemplateTypes,
  formatDateBR,
  formatDateTimeBR,
  isEmailTemplateType,
  isIsoDate,
} from '@laudos/domain';
import { sql } from 'drizzle-orm';
import { abrirArmazenamento, ErroDeBackup, fazerBackup, pastaDoArmazenamento } from './backup/backup.ts';
import { restaurar } from './backup/restauracao.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { type DatabaseHandle, migrateDatabase, openDatabase } from './db/client.ts';
import { DataDirLockedError } from './db/lock.ts';
import { EmailService } from './email/delivery.ts';
import { sampleVariables } from './email/samples.ts';
import { cleanupOldLogs, listOutbox } from './email/service.ts';
import { AppError } from './http/errors.ts';
import { createJobs } from './jobs/boss.ts';
import { registrarJobs } from './jobs/registro.ts';
import { limparAvisosLidos } from './modules/avisos/service.ts';
import { GESTOR_DEMO, MEMBRO_DEMO, semearDemo } from './modules/demo/service.ts';
import { NotificationScheduler } from './modules/notificacoes/agendador.ts';
import { registrarResultadoDoLembrete } from './modules/notificacoes/envio.ts';
import { createContaComSenha, generateTemporaryPassword } from './modules/usuarios/service.ts';
import { nodeTooOld } from './node-version.ts';
import { seedReferenceData } from './seed.ts';
import { openSettingsStore } from './settings/store.ts';
import { LocalFileStorage } from './storage/storage.ts';

/**
 * `npm run cli -- <command>`: operations on the same database the server uses. On the embedded
 * database the server must be stopped first (one process per data directory), except for `backup`,
 * which asks the running server for its snapshot (backup/canal.ts).
 */
const commands: Record<string, { usage: string; run(config: Config, args: string[]): Promise<void> }> = {
  migrate: {
    usage: 'migrate                                  aplica as migrações pendentes',
    async run(config) {
      await withDatabase(config, async () => {});
      console.log('Migrações aplicadas.');
    },
  },
  'create-admin': {
    usage: 'create-admin --email E --nome N          cria um administrador com senha temporária',
    async run(config, args) {
      const { values } = parseArgs({
        args,
        options: { email: { type: 'string' }, nome: { type: 'string' } },
      });
      if (!values.email || !values.nome) throw new CliError('Informe --email e --nome.');
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email))
        throw new CliError(`E-mail inválido: ${values.email}`);
      const password = generateTemporaryPassword();
      await withDatabase(config, async (database) => {
        await database.db.transaction((tx) =>
          createContaComSenha(tx, {
            email: values.email!,
            nome: values.nome!,
            password,
            tipo: 'admin',
            primeiroAcesso: true,
          }),
        );
      });
      console.log(`Administrador criado: ${values.email.toLowerCase()}`);
      console.log(`Senha temporária (mostrada só agora): ${password}`);
      console.log(`Entre em ${config.publicUrl}/login: no primeiro acesso o sistema pedirá uma nova senha.`);
    },
  },
  'email:test': {
    usage: 'email:test --to E [--template TIPO]       envia um e-mail de teste pelo transporte configurado',
    async run(config, args) {
      const { values } = parseArgs({
        args,
        options: { to: { type: 'string' }, template: { type: 'string' } },
      });
      if (!values.to) throw new CliError('Informe --to com o endereço de destino.');
      const type = values.template ?? 'vencimento_7';
      if (!isEmailTemplateType(type)) {
        throw new CliError(`Template desconhecido: ${type}. Tipos: ${emailTemplateTypes.join(', ')}`);
      }
      await withDatabase(config, async (database) => {
        const jobs = createJobs(database, { workers: false, logError: () => {} });
        const settings = await openSettingsStore(database);
        const email = new EmailService(config, database.db, jobs, settings, silentLog);
        try {
          await email.init();
          const result = await email.sendNow({
            type,
            to: values.to!,
            toName: null,
            variables: sampleVariables(type, config.publicUrl),
            metadata: { origem: 'cli email:test' },
          });
          if (result.success) {
            console.log(
              `Enviado via ${result.provider} para ${values.to} (template ${type}). Message-ID: ${result.messageId}`,
            );
            if (result.provider === 'outbox') {
              console.log(
                'Transporte outbox (ou modo sandbox): nada saiu da máquina. Veja com: npm run cli -- email:outbox',
              );
            }
          } else {
            throw new CliError(`Falha no envio via ${result.provider}: ${result.error}`);
          }
        } finally {
          await email.close();
          await settings.close();
        }
      });
    },
  },
  'email:outbox': {
    usage: 'email:outbox [--limit N]                 lista as últimas mensagens guardadas no outbox',
    async run(config, args) {
      const { values } = parseArgs({ args, options: { limit: { type: 'string' } } });
      const limit = values.limit === undefined ? 20 : Number(values.limit);
      if (!Number.isInteger(limit) || limit < 1)
        throw new CliError('--limit deve ser um número inteiro positivo.');
      await withDatabase(config, async (database) => {
        const rows = await listOutbox(database.db, limit);
        if (rows.length === 0) {
          console.log('O outbox está vazio.');
          return;
        }
        for (const r of rows) {
          console.log(`${formatDateTimeBR(r.createdAt, config.timeZone)}  ${r.toEmail}  ${r.subject}`);
        }
        console.log(`\n${rows.length} mensagem(ns). O conteúdo completo fica na tabela email_outbox.`);
      });
    },
  },
  'notifications:run': {
    usage:
      'notifications:run [--as-of AAAA-MM-DD] [--dry-run]  executa (ou simula) os lembretes de vencimento',
    async run(config, args) {
      const { values } = parseArgs({
        args,
        options: { 'as-of': { type: 'string' }, 'dry-run': { type: 'boolean' } },
      });
      const asOf = values['as-of'];
      if (asOf !== undefined && !isIsoDate(asOf)) throw new CliError('--as-of deve ser uma data AAAA-MM-DD.');
      await withDatabase(config, async (database) => {
        const jobs = createJobs(database, { workers: false, logError: () => {} });
        const settings = await openSettingsStore(database);
        const email = new EmailService(config, database.db, jobs, settings, silentLog);
        const scheduler = new NotificationScheduler({
          config,
          db: database.db,
          email,
          settings,
          workers: false,
          log: silentLog,
        });
        // No workers here (the server sends the queue), but the queues must exist to send to them.
        registrarJobs(jobs, config, {
          enviarEmail: {
            entregar: (data, attempt, registrar) => email.entregar(data, attempt, registrar),
            registrarResultado: registrarResultadoDoLembrete,
          },
          verificarLembretes: { verificarLembretes: () => scheduler.verificar({ origem: 'cli' }) },
          limparAvisos: { limparAvisos: () => limparAvisosLidos(database.db) },
          enviarWhatsapp: { entregar: async () => {} },
          limparArmazenamento: { limparArmazenamento: async () => 0 },
          limparAuditoria: { limparAuditoria: async () => 0 },
          executarImportacao: { processarImportacao: async () => {}, marcarFalha: async () => {} },
        });
        await jobs.start();
        try {
          const dia = asOf ?? calendarDayIn(config.timeZone);
          if (values['dry-run']) {
            const sim = await scheduler.simular(dia);
            for (const i of sim.itens) {
              const laudo = i.laudoCodigo ? `${i.laudoCodigo} ${i.laudoNome}` : 'relatório mensal';
              console.log(
                `${i.jaEnviado ? '(já enviado) ' : i.resumo ? '(no resumo) ' : ''}${i.destinatario}  ${laudo}  ${i.templateType}  ${i.assunto}`,
              );
            }
            for (const r of sim.resumos)
              console.log(`resumo: ${r.destinatario}  ${r.laudos} laudo(s)  ${r.assunto}`);
            console.log(
              `\nSimulação de ${formatDateBR(dia)}: ${sim.itens.filter((i) => !i.jaEnviado).length} e-mail(s) seriam enviados; ${sim.semEmail} laudo(s) sem e-mail do cliente; ${sim.semPlano} aviso(s) sem notificações no plano; ${sim.respondidos} laudo(s) já respondido(s) pelo cliente; ${sim.descadastrados} descadastrado(s) por preferência; ${sim.foraDoTipo} laudo(s) fora do tipo das regras; ${sim.suprimidos} destinatário(s) na lista de supressão; ${sim.resumos.length} resumo(s) por destinatário. Nada foi enviado.`,
            );
            return;
          }
          const r = await scheduler.executar({ origem: 'cli', ...(asOf ? { asOf } : {}) });
          console.log(
            `Lembretes de ${formatDateBR(r.dataReferencia)}: ${r.enfileirados} e-mail(s) enfileirado(s), ${r.jaEnviados} já enviado(s), ${r.semEmail} laudo(s) sem e-mail, ${r.semPlano} sem notificações no plano, ${r.respondidos} respondido(s) pelo cliente, ${r.descadastrados} descadastrado(s) por preferência, ${r.foraDoTipo} fora do tipo das regras, ${r.suprimidos} suprimido(s), ${r.resumos} resumo(s) com ${r.laudosEmResumos} laudo(s), ${r.escalonamentos} escalonamento(s) aos gestores, ${r.erros} erro(s).`,
          );
          if (r.mensagem) console.log(r.mensagem);
          if (r.enfileirados > 0)
            console.log('Os e-mails saem pelo servidor (npm start): ele envia a fila no ritmo configurado.');
          if (r.erros > 0) process.exitCode = 1;
        } finally {
          await jobs.stop();
          await email.close();
          await settings.close();
        }
      });
    },
  },
  backup: {
    usage:
      'backup [--saida ARQUIVO]                 copia banco, arquivos e segredo num só arquivo (com o servidor rodando)',
    async run(config, args) {
      const { values } = parseArgs({ args, options: { saida: { type: 'string' } } });
      const carimbo = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
      const saida = daPastaDeQuemChamou(values.saida ?? `laudos-backup-${carimbo}.tar`);
      const inicio = Date.now();
      const { manifesto } = await fazerBackup(config, saida, (linha) => console.log(linha));
      const bytes = manifesto.arquivos.reduce((t, a) => t + a.bytes, 0);
      console.log(
        `Backup gravado em ${saida}: banco ${manifesto.motor} (migração ${manifesto.migracao.ultima}), ${manifesto.arquivos.length} arquivo(s) com ${(bytes / 1024 / 1024).toFixed(1)} MB, em ${((Date.now() - inicio) / 1000).toFixed(1)} s.`,
      );
      console.log(
        'O arquivo contém o banco inteiro e o segredo de autenticação: guarde-o como guarda uma senha.',
      );
    },
  },
  restore: {
    usage:
      'restore ARQUIVO [--data-dir DIR]         restaura um backup num diretório de dados (e banco) novo',
    async run(config, args) {
      const { values, positionals } = parseArgs({
        args,
        allowPositionals: true,
        options: { 'data-dir': { type: 'string' } },
      });
      const [arquivo, ...resto] = positionals;
      if (!arquivo || resto.length > 0)
        throw new CliError('Informe o arquivo de backup: restore ARQUIVO [--data-dir DIR]');
      const dataDir = values['data-dir'] ? daPastaDeQuemChamou(values['data-dir']) : config.dataDir;
      // STORAGE=s3: the files go into S3_BUCKET (empty), whatever storage the backup came from.
      const { bucket, onde } =
        config.storage.backend === 's3' ? await abrirArmazenamento(config) : { bucket: undefined, onde: '' };
      let m: Awaited<ReturnType<typeof restaurar>>;
      try {
        m = await restaurar(daPastaDeQuemChamou(arquivo), {
          dataDir,
          databaseUrl: config.databaseUrl,
          bucket,
        });
      } finally {
        bucket?.close();
      }
      console.log(
        `Backup de ${formatDateTimeBR(new Date(m.criadoEm), config.timeZone)} restaurado em ${dataDir}${config.databaseUrl ? ' e no banco de DATABASE_URL' : ''}: ${m.arquivos.length} arquivo(s) conferido(s)${onde ? ` no ${onde}` : ''}.`,
      );
      console.log(`Inicie o servidor com DATA_DIR=${dataDir}: as migrações pendentes rodam na partida.`);
    },
  },
  'seed:demo': {
    usage:
      'seed:demo [--senha-gestor S] [--senha-membro S]  cria uma empresa de demonstração com laudos em todos os estados',
    async run(config, args) {
      const { values } = parseArgs({
        args,
        options: { 'senha-gestor': { type: 'string' }, 'senha-membro': { type: 'string' } },
      });
      for (const flag of ['senha-gestor', 'senha-membro'] as const) {
        const v = values[flag];
        if (v !== undefined && v.length < 8)
          throw new CliError(`--${flag} deve ter pelo menos 8 caracteres.`);
      }
      const temporarias = !values['senha-gestor'] && !values['senha-membro'];
      const gestor = values['senha-gestor'] ?? generateTemporaryPassword();
      const membro = values['senha-membro'] ?? generateTemporaryPassword();
      await withDatabase(config, async (database) => {
        const r = await semearDemo(
          {
            db: database.db,
            storage: new LocalFileStorage(pastaDoArmazenamento(config.dataDir)),
            hoje: calendarDayIn(config.timeZone),
          },
          { gestor, membro, temporarias },
        );
        if (r.kind === 'existente') {
          console.log('A empresa de demonstração já existe: nada foi criado nem alterado.');
          return;
        }
        const { ativos, vencendo, vencidos, comArquivos } = r.laudos;
        console.log(
          `Empresa "${r.empresa}" criada no plano ${r.plano}: ${ativos + vencendo + vencidos} laudos (${ativos} em dia, ${vencendo} vencendo, ${vencidos} vencidos; ${comArquivos} com PDF e planilha) e ${r.solicitacoes} pedidos de renovação.`,
        );
        const mostrar = (email: string, senha: string, dada: boolean) =>
          console.log(
            `  ${email}  ${dada ? '(senha informada)' : `senha temporária (mostrada só agora): ${senha}`}`,
          );
        console.log('Acessos:');
        mostrar(GESTOR_DEMO, gestor, values['senha-gestor'] !== undefined);
        mostrar(MEMBRO_DEMO, membro, values['senha-membro'] !== undefined);
        if (temporarias) console.log('No primeiro acesso o sistema pedirá uma nova senha.');
        console.log(`Entre em ${config.publicUrl}/login.`);
      });
    },
  },
  'storage:migrate': {
    usage:
      'storage:migrate --to s3                  copia os arquivos do disco para o bucket (STORAGE=s3), conferindo cada um',
    async run(config, args) {
      const { values } = parseArgs({ args, options: { to: { type: 'string' } } });
      if (values.to !== 's3') throw new CliError('Informe --to s3 (o único destino por enquanto).');
      if (config.storage.backend !== 's3') {
        throw new CliError(
          'Defina STORAGE=s3 e S3_BUCKET (e S3_ENDPOINT, S3_REGION, credenciais) para dizer para onde copiar.',
        );
      }
      const { LocalFileStorage } = await import('./storage/storage.ts');
      const { createStorage } = await import('./storage/create-storage.ts');
      const { migrateFiles } = await import('./storage/migrar.ts');
      const source = new LocalFileStorage(path.join(config.dataDir, 'storage', 'laudos'));
      const target = await createStorage(config).catch((err: Error) => {
        throw new CliError(err.message);
      });
      try {
        const r = await migrateFiles(source, target, (key, outcome) => {
          if (outcome === 'diferente') console.error(`Conferência falhou (copie de novo): ${key}`);
        });
        console.log(
          `${r.total} arquivo(s) no disco: ${r.copied} copiado(s) e conferido(s), ${r.alreadyThere} já estava(m) no bucket.`,
        );
        if (r.failed.length > 0)
          throw new CliError(
            `${r.failed.length} arquivo(s) com conferência diferente: rode o comando de novo.`,
          );
        console.log(
          'Os registros não mudam (as chaves são as mesmas): inicie o servidor com STORAGE=s3. A pasta storage/ do disco pode ser apagada depois de conferir.',
        );
      } finally {
        target.close();
      }
    },
  },
  'logs:cleanup': {
    usage:
      'logs:cleanup [--days N]                  apaga logs de e-mail e notificação mais antigos que N dias (90)',
    async run(config, args) {
      const { values } = parseArgs({ args, options: { days: { type: 'string' } } });
      const days = values.days === undefined ? 90 : Number(values.days);
      if (!Number.isInteger(days) || days < 1)
        throw new CliError('--days deve ser um número inteiro a partir de 1.');
      await withDatabase(config, async (database) => {
        const r = await cleanupOldLogs(database.db, days);
        console.log(
          `Removidos: ${r.emailLogs} logs de e-mail, ${r.outbox} mensagens do outbox, ${r.notificationLogs} logs de notificação (anteriores a ${formatDateTimeBR(r.cutoff, config.timeZone)}).`,
        );
      });
    },
  },
};

/**
 * A path as the person typed it: `npm run cli` runs in the repository's root, and npm keeps the
 * folder it was called from in INIT_CWD.
 */
function daPastaDeQuemChamou(p: string): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), p);
}

const silentLog = { info() {}, warn() {}, error() {} };

class CliError extends Error {}

async function withDatabase(config: Config, fn: (db: DatabaseHandle) => Promise<void>) {
  const database = await openDatabase(
    config.databaseUrl
      ? { engine: 'postgres', connectionString: config.databaseUrl, poolSize: 2 }
      : { engine: 'pglite', dataDir: path.join(config.dataDir, 'db') },
  );
  try {
    await migrateDatabase(database);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(727274002)`);
      await seedReferenceData(tx);
    });
    await fn(database);
  } finally {
    await database.close();
  }
}

function usage() {
  return [
    'Uso: npm run cli -- <comando> [opções]',
    '',
    'Comandos:',
    ...Object.values(commands).map((c) => `  ${c.usage}`),
  ].join('\n');
}

async function main(argv: string[]) {
  const oldNode = nodeTooOld();
  if (oldNode) {
    console.error(oldNode);
    return 1;
  }
  const [name, ...args] = argv;
  if (!name || name === '--help' || name === 'help') {
    console.log(usage());
    return name ? 0 : 1;
  }
  const command = commands[name];
  if (!command) {
    console.error(`Comando desconhecido: ${name}\n\n${usage()}`);
    return 1;
  }
  try {
    await command.run(loadConfig(), args);
    return 0;
  } catch (err) {
    if (
      err instanceof ConfigError ||
      err instanceof DataDirLockedError ||
      err instanceof CliError ||
      err instanceof ErroDeBackup
    ) {
      console.error(err.message);
    } else if (err instanceof AppError) {
      console.error(err.message);
    } else if (
      err instanceof Error &&
      err.name === 'TypeError' &&
      /parseArgs|Unknown option/i.test(err.message)
    ) {
      console.error(err.message);
    } else {
      console.error('Erro:', err instanceof Error ? err.message : err);
    }
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));

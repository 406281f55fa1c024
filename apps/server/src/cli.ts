import path from 'node:path';
import { parseArgs } from 'node:util';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { type DatabaseHandle, migrateDatabase, openDatabase } from './db/client.ts';
import { DataDirLockedError } from './db/lock.ts';
import { AppError } from './http/errors.ts';
import { createContaComSenha, generateTemporaryPassword } from './modules/usuarios/service.ts';

/**
 * `npm run cli -- <command>`: operations on the same database the server uses. On the embedded
 * database the server must be stopped first (one process per data directory).
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
};

class CliError extends Error {}

async function withDatabase(config: Config, fn: (db: DatabaseHandle) => Promise<void>) {
  const database = await openDatabase(
    config.databaseUrl
      ? { engine: 'postgres', connectionString: config.databaseUrl, poolSize: 2 }
      : { engine: 'pglite', dataDir: path.join(config.dataDir, 'db') },
  );
  try {
    await migrateDatabase(database);
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
    if (err instanceof ConfigError || err instanceof DataDirLockedError || err instanceof CliError) {
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

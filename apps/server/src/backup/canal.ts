import { randomUUID } from 'node:crypto';
import { chmodSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { type Instantaneo, instantaneoPglite } from './instantaneo.ts';

/**
 * The local channel through which `npm run cli -- backup` asks the running server for a snapshot of
 * the embedded database (decision 040): only the process that opened a PGlite data directory may
 * read it. A unix socket in `DATA_DIR/run/`, a folder only the server's user can enter (0700): the
 * same people who could read DATA_DIR itself, and no network surface. One request a connection, a
 * JSON line each way; the dump is written beside the socket (0600) and the CLI takes it.
 */
export function pastaDoCanal(dataDir: string): string {
  return path.join(dataDir, 'run');
}
export function socketDoCanal(dataDir: string): string {
  return path.join(pastaDoCanal(dataDir), 'backup.sock');
}
/** A unix socket path longer than this cannot be bound (sun_path is 108 bytes on Linux). */
const MAX_SOCKET_PATH = 100;

export type RespostaDoCanal = ({ ok: true } & Instantaneo) | { ok: false; erro: string };

interface Log {
  info(o: object, m: string): void;
  warn(o: object, m: string): void;
}

export interface CanalDeBackup {
  close(): Promise<void>;
}

export async function abrirCanalDeBackup(
  dataDir: string,
  pglite: PGlite,
  log: Log,
): Promise<CanalDeBackup | null> {
  const pasta = pastaDoCanal(dataDir);
  const socket = socketDoCanal(dataDir);
  if (Buffer.byteLength(socket) > MAX_SOCKET_PATH) {
    log.warn({ socket }, 'backup com o servidor em execução indisponível: caminho do DATA_DIR longo demais');
    return null;
  }
  try {
    mkdirSync(pasta, { recursive: true, mode: 0o700 });
    chmodSync(pasta, 0o700);
    // We hold the data directory's lock: whatever is here was left by an earlier server or CLI.
    for (const entry of readdirSync(pasta)) rmSync(path.join(pasta, entry), { force: true, recursive: true });
  } catch (err) {
    log.warn({ err, pasta }, 'backup com o servidor em execução indisponível: pasta do canal');
    return null;
  }

  let emAndamento = false;
  const server = net.createServer((conn) => {
    let pedido = '';
    conn.setEncoding('utf8');
    conn.on('error', () => {});
    conn.on('data', (chunk: string) => {
      pedido += chunk;
      if (!pedido.includes('\n')) {
        if (pedido.length > 1024) conn.destroy();
        return;
      }
      conn.removeAllListeners('data');
      const responder = (r: RespostaDoCanal) => conn.end(`${JSON.stringify(r)}\n`);
      if (pedido.trim() !== '{"pedido":"instantaneo"}')
        return responder({ ok: false, erro: 'Pedido desconhecido.' });
      if (emAndamento) return responder({ ok: false, erro: 'Já há um backup em andamento neste servidor.' });
      emAndamento = true;
      const destino = path.join(pasta, `instantaneo-${randomUUID()}.tar`);
      instantaneoPglite(pglite, destino)
        .then((inst) => {
          log.info({ chaves: inst.chaves.length }, 'backup: instantâneo do banco entregue');
          responder({ ok: true, ...inst });
        })
        .catch((err: unknown) => {
          rmSync(destino, { force: true });
          log.warn({ err }, 'backup: instantâneo do banco falhou');
          responder({ ok: false, erro: 'O servidor não conseguiu copiar o banco.' });
        })
        .finally(() => {
          emAndamento = false;
        });
    });
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socket, () => resolve());
    });
    chmodSync(socket, 0o600);
  } catch (err) {
    // A file system without unix sockets (some network disks): the server runs; `backup` then
    // needs it stopped, and says so.
    server.close();
    log.warn({ err, socket }, 'backup com o servidor em execução indisponível: socket do canal');
    return null;
  }
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        rmSync(socket, { force: true });
      }),
  };
}

/**
 * Asks the server that holds `dataDir` for a snapshot. Null when no server listens there (no socket,
 * or a socket left by a server that is gone): the caller then opens the database itself.
 */
export function pedirInstantaneo(dataDir: string): Promise<Instantaneo | null> {
  return new Promise((resolve, reject) => {
    const conn = net.connect(socketDoCanal(dataDir));
    let resposta = '';
    conn.setEncoding('utf8');
    conn.on('connect', () => conn.write('{"pedido":"instantaneo"}\n'));
    conn.on('data', (chunk: string) => {
      resposta += chunk;
    });
    conn.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT' || err.code === 'ECONNREFUSED') resolve(null);
      else reject(err);
    });
    conn.on('end', () => {
      let r: RespostaDoCanal;
      try {
        r = JSON.parse(resposta) as RespostaDoCanal;
      } catch {
        reject(new Error('Resposta inválida do servidor pelo canal de backup.'));
        return;
      }
      if (r.ok) resolve({ arquivo: r.arquivo, chaves: r.chaves, migracao: r.migracao });
      else reject(new ErroDoCanal(r.erro));
    });
  });
}

export class ErroDoCanal extends Error {}

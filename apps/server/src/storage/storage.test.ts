import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { setImmediate as nextTick } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  FileNotFoundError,
  FileTooLargeError,
  InvalidStorageKeyError,
  LocalFileStorage,
  newStorageKey,
} from './storage.ts';

let root: string;
let storage: LocalFileStorage;

beforeEach(async () => {
  root = await fs.mkdtemp(path.join(tmpdir(), 'laudos-storage-'));
  storage = new LocalFileStorage(path.join(root, 'laudos'));
});

afterEach(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

/** Every file under the storage root (temp files included), relative to it. */
async function filesUnder(dir = storage.rootDir): Promise<string[]> {
  const found: string[] = [];
  const walk = async (current: string) => {
    let items: import('node:fs').Dirent[];
    try {
      items = await fs.readdir(current, { withFileTypes: true });
    } catch {
      return;
    }
    for (const item of items) {
      const full = path.join(current, item.name);
      if (item.isDirectory()) await walk(full);
      else found.push(path.relative(dir, full));
    }
  };
  await walk(dir);
  return found.sort();
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

async function* chunksOf(data: Buffer, size: number): AsyncGenerator<Buffer> {
  for (let i = 0; i < data.length; i += size) {
    yield data.subarray(i, i + size);
    await nextTick(); // let a concurrent save interleave
  }
}

describe('LocalFileStorage', () => {
  it('saves, opens, checks and removes a file', async () => {
    const key = newStorageKey('42', 'pdf', 'pdf');
    const content = randomBytes(200_000);

    const saved = await storage.save(key, Readable.from(chunksOf(content, 16_384)), { maxBytes: 1_000_000 });
    expect(saved).toEqual({ key, bytes: content.length });
    expect(await storage.exists(key)).toBe(true);

    const opened = await storage.open(key);
    expect(opened.bytes).toBe(content.length);
    expect((await readAll(opened.stream)).equals(content)).toBe(true);
    expect(await filesUnder()).toEqual([key]);

    await storage.remove(key);
    expect(await storage.exists(key)).toBe(false);
    await expect(storage.open(key)).rejects.toBeInstanceOf(FileNotFoundError);
    await expect(storage.remove(key)).resolves.toBeUndefined();
    // The laudo's folder goes with its last file.
    expect(await fs.readdir(storage.rootDir)).toEqual([]);
  });

  it('accepts a plain async iterable and string chunks', async () => {
    await storage.save('7/pdf-a.pdf', chunksOf(Buffer.from('abc'), 1), { maxBytes: 3 });
    await storage.save('7/pdf-b.pdf', Readable.from(['olá, ', 'mundo']), { maxBytes: 100 });
    expect((await readAll((await storage.open('7/pdf-a.pdf')).stream)).toString()).toBe('abc');
    expect((await readAll((await storage.open('7/pdf-b.pdf')).stream)).toString()).toBe('olá, mundo');
  });

  it('takes exactly maxBytes and refuses one byte more, leaving no file behind', async () => {
    const maxBytes = 64 * 1024;
    await storage.save('1/pdf-exact.pdf', chunksOf(randomBytes(maxBytes), 10_000), { maxBytes });
    expect((await storage.open('1/pdf-exact.pdf')).bytes).toBe(maxBytes);

    const source = Readable.from(chunksOf(randomBytes(maxBytes + 1), 10_000));
    const error = await storage.save('2/pdf-big.pdf', source, { maxBytes }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FileTooLargeError);
    expect((error as FileTooLargeError).maxBytes).toBe(maxBytes);
    expect((error as Error).message).toBe('Arquivo maior que o limite de 64 KB.');
    expect(source.destroyed).toBe(true); // the upload stops being read
    expect(await storage.exists('2/pdf-big.pdf')).toBe(false);
    expect(await filesUnder()).toEqual(['1/pdf-exact.pdf']);
  });

  it('keeps the older version of a key when a replacement is too large', async () => {
    const key = '9/excel-x.xlsx';
    const old = Buffer.from('versão antiga');
    await storage.save(key, chunksOf(old, 4), { maxBytes: 100 });

    await expect(
      storage.save(key, chunksOf(Buffer.alloc(101, 1), 10), { maxBytes: 100 }),
    ).rejects.toBeInstanceOf(FileTooLargeError);
    expect((await readAll((await storage.open(key)).stream)).equals(old)).toBe(true);
    expect(await filesUnder()).toEqual([key]);
  });

  it('leaves nothing when the source stream fails', async () => {
    async function* failing() {
      yield Buffer.from('começo do arquivo');
      await nextTick();
      throw new Error('conexão interrompida');
    }
    await expect(storage.save('3/pdf-f.pdf', Readable.from(failing()), { maxBytes: 1000 })).rejects.toThrow(
      'conexão interrompida',
    );
    expect(await filesUnder()).toEqual([]);
    expect(await fs.readdir(storage.rootDir).catch(() => [])).toEqual([]);
  });

  it('ends two concurrent saves to one key with one complete file', async () => {
    const key = '5/pdf-same.pdf';
    const a = Buffer.alloc(300_000, 'a');
    const b = Buffer.alloc(200_000, 'b');
    const results = await Promise.all([
      storage.save(key, chunksOf(a, 8192), { maxBytes: 1_000_000 }),
      storage.save(key, chunksOf(b, 8192), { maxBytes: 1_000_000 }),
    ]);
    expect(results.map((r) => r.bytes)).toEqual([a.length, b.length]);

    const { stream, bytes } = await storage.open(key);
    const content = await readAll(stream);
    expect(content.length).toBe(bytes);
    expect(content.equals(a) || content.equals(b)).toBe(true);
    expect(await filesUnder()).toEqual([key]);
  });

  it('keeps serving the version that was opened while a save replaces it', async () => {
    const key = '6/pdf-r.pdf';
    await storage.save(key, chunksOf(Buffer.alloc(50_000, 'x'), 5000), { maxBytes: 100_000 });
    const opened = await storage.open(key);
    await storage.save(key, chunksOf(Buffer.from('nova'), 2), { maxBytes: 100_000 });
    const content = await readAll(opened.stream);
    expect(content.length).toBe(opened.bytes);
    expect(content.equals(Buffer.alloc(50_000, 'x'))).toBe(true);
  });

  it.each([
    '../fora.pdf',
    'a/../../fora.pdf',
    '..',
    '/etc/passwd',
    'a//b.pdf',
    'a/./b.pdf',
    'a/',
    '.oculto',
    'a/.b.pdf.123.tmp',
    '',
    'a b.pdf',
    'a\\b.pdf',
    'relatório.pdf',
    'a\u0000b',
    '%2e%2e/x',
    'C:/x.pdf',
    'x'.repeat(513),
  ])('refuses the key %j', async (key) => {
    const source = () => chunksOf(Buffer.from('x'), 1);
    await expect(storage.save(key, source(), { maxBytes: 10 })).rejects.toBeInstanceOf(
      InvalidStorageKeyError,
    );
    await expect(storage.open(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.exists(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.remove(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    expect(await filesUnder(root)).toEqual([]);
  });
});

describe('newStorageKey', () => {
  it('generates a fresh name under the laudo folder', () => {
    const key = newStorageKey('b1f0c2de-1234-4abc-8def-0123456789ab', 'excel', 'xlsx');
    expect(key).toMatch(/^b1f0c2de-1234-4abc-8def-0123456789ab\/excel-[0-9a-f-]{36}\.xlsx$/);
    expect(newStorageKey('1', 'pdf', 'pdf')).not.toBe(newStorageKey('1', 'pdf', 'pdf'));
  });

  it('refuses a laudo id that is not a plain identifier', () => {
    for (const id of ['..', '../1', '1/2', '', 'a b']) {
      expect(() => newStorageKey(id, 'pdf', 'pdf')).toThrow(InvalidStorageKeyError);
    }
  });
});

import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { setImmediate as nextTick } from 'node:timers/promises';
import { afterAll, afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { createTestBucket, type TestBucket } from '../../test/helpers/s3.ts';
import { loadConfig } from '../config.ts';
import { createStorage } from './create-storage.ts';
import { migrateFiles } from './migrar.ts';
import {
  FileNotFoundError,
  type FileStorage,
  FileTooLargeError,
  InvalidStorageKeyError,
  LocalFileStorage,
  newStorageKey,
  promote,
  RangeNotSatisfiableError,
  stagingKey,
} from './storage.ts';

/**
 * Every behaviour of the storage, on both backends (decision 038): the local disk and an S3 bucket
 * in the run's Swift. `stored()` is everything the backend holds: files (temp files included) on
 * disk; objects, open multipart uploads and local temp copies on S3.
 */
interface Backend {
  storage: FileStorage;
  stored(): Promise<string[]>;
  /** Where the backend keeps local temp files. */
  tempDir: string;
  cleanup(): Promise<void>;
}

// One bucket for the file (making one costs ~0.3 s), emptied after each test.
let bucket: TestBucket | undefined;
afterAll(async () => {
  await bucket?.destroy();
});

const backends: Record<'disco' | 's3', () => Promise<Backend>> = {
  disco: async () => {
    const root = await fs.mkdtemp(path.join(tmpdir(), 'laudos-storage-'));
    const storage = new LocalFileStorage(path.join(root, 'laudos'));
    return {
      storage,
      tempDir: storage.rootDir,
      stored: async () =>
        (await filesUnder(root)).map((f) => path.relative(storage.rootDir, path.join(root, f))),
      cleanup: () => fs.rm(root, { recursive: true, force: true }),
    };
  },
  s3: async () => {
    bucket ??= await createTestBucket();
    const b = bucket;
    return {
      storage: b.storage,
      tempDir: b.tempDir,
      stored: async () => {
        const open = await b.openUploads();
        return [
          ...(await b.keys()),
          ...(await filesUnder(b.tempDir)).map((f) => `tmp:${f}`),
          ...(open ? [`multipart abertos: ${open}`] : []),
        ];
      },
      cleanup: () => b.empty(),
    };
  },
};

/** Every file under `dir` (temp files included), relative to it. */
async function filesUnder(dir: string): Promise<string[]> {
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

describe.each(Object.keys(backends) as (keyof typeof backends)[])('armazenamento em %s', (nome) => {
  let backend: Backend;
  let storage: FileStorage;
  const stored = () => backend.stored();

  beforeEach(async () => {
    backend = await backends[nome]();
    storage = backend.storage;
  });

  afterEach(async () => {
    await backend.cleanup();
  });

  it('saves, opens, checks and removes a file', async () => {
    const key = newStorageKey('42', 'pdf', 'pdf');
    const content = randomBytes(200_000);

    const saved = await storage.save(key, Readable.from(chunksOf(content, 16_384)), { maxBytes: 1_000_000 });
    expect(saved).toEqual({ key, bytes: content.length });
    expect(await storage.exists(key)).toBe(true);

    const opened = await storage.open(key);
    expect(opened.bytes).toBe(content.length);
    expect((await readAll(opened.stream)).equals(content)).toBe(true);
    expect(await stored()).toEqual([key]);

    await storage.remove(key);
    expect(await storage.exists(key)).toBe(false);
    await expect(storage.open(key)).rejects.toBeInstanceOf(FileNotFoundError);
    await expect(storage.remove(key)).resolves.toBeUndefined();
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
    expect(await stored()).toEqual(['1/pdf-exact.pdf']);
  });

  it('keeps the older version of a key when a replacement is too large', async () => {
    const key = '9/excel-x.xlsx';
    const old = Buffer.from('versão antiga');
    await storage.save(key, chunksOf(old, 4), { maxBytes: 100 });

    await expect(
      storage.save(key, chunksOf(Buffer.alloc(101, 1), 10), { maxBytes: 100 }),
    ).rejects.toBeInstanceOf(FileTooLargeError);
    expect((await readAll((await storage.open(key)).stream)).equals(old)).toBe(true);
    expect(await stored()).toEqual([key]);
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
    expect(await stored()).toEqual([]);
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
    expect(await stored()).toEqual([key]);
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
    expect(await stored()).toEqual([]);
  });
  it('reads a byte range, and refuses one past the end', async () => {
    const key = '8/pdf-range.pdf';
    const content = randomBytes(100_000);
    await storage.save(key, chunksOf(content, 16_384), { maxBytes: 1_000_000 });
    const part = await storage.open(key, { range: { start: 1000, end: 1999 } });
    expect(part.bytes).toBe(content.length);
    expect(part.range).toEqual({ start: 1000, end: 1999 });
    expect((await readAll(part.stream)).equals(content.subarray(1000, 2000))).toBe(true);
    const rest = await storage.open(key, { range: { start: 99_990, end: 200_000 } });
    expect(rest.range).toEqual({ start: 99_990, end: 99_999 });
    expect((await readAll(rest.stream)).equals(content.subarray(99_990))).toBe(true);
    const error = await storage.open(key, { range: { start: 100_000 } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RangeNotSatisfiableError);
    expect((error as RangeNotSatisfiableError).size).toBe(content.length);
  });

  it('streams a large file in parts and, past the limit, leaves no object and no open upload', async () => {
    // 12 MiB: above the 8 MiB part size, so S3 takes it as a multipart upload.
    const maxBytes = 12 * 1024 * 1024;
    const content = randomBytes(maxBytes);
    await storage.save('4/pdf-grande.pdf', chunksOf(content, 1024 * 1024), { maxBytes });
    const opened = await storage.open('4/pdf-grande.pdf');
    expect(opened.bytes).toBe(maxBytes);
    expect((await readAll(opened.stream)).equals(content)).toBe(true);

    const over = Buffer.concat([content, Buffer.from('x')]);
    await expect(
      storage.save('4/pdf-grande-demais.pdf', chunksOf(over, 1024 * 1024), { maxBytes }),
    ).rejects.toBeInstanceOf(FileTooLargeError);
    expect(await stored()).toEqual(['4/pdf-grande.pdf']);
  });

  it('promotes a staged upload to its key; the sweep takes only stale staged and temp files', async () => {
    const key = newStorageKey('11', 'pdf', 'pdf');
    const orphan = newStorageKey('12', 'pdf', 'pdf');
    await storage.save(stagingKey(key), chunksOf(Buffer.from('promovido'), 3), { maxBytes: 100 });
    await storage.save(stagingKey(orphan), chunksOf(Buffer.from('órfão'), 3), { maxBytes: 100 });
    await promote(storage, key);
    expect((await readAll((await storage.open(key)).stream)).toString()).toBe('promovido');
    await expect(promote(storage, key)).rejects.toBeInstanceOf(FileNotFoundError);
    // A temp file a killed save (or a local copy) left behind.
    await fs.mkdir(backend.tempDir, { recursive: true });
    await fs.writeFile(path.join(backend.tempDir, '.pdf-x.pdf.123.tmp'), 'meio arquivo');

    // Nothing is stale yet; a day later the orphan and the temp file go, the promoted file stays.
    expect(await storage.sweep(new Date(Date.now() - 60_000))).toBe(0);
    expect(await storage.sweep(new Date(Date.now() + 60_000))).toBe(2);
    expect(await stored()).toEqual([key]);
  });

  it('lends a file as a local path, and removes any copy afterwards', async () => {
    const key = '13/excel-a.xlsx';
    await storage.save(key, chunksOf(Buffer.from('planilha'), 3), { maxBytes: 100 });
    const read = await storage.withLocalFile(key, (file) => fs.readFile(file, 'utf8'));
    expect(read).toBe('planilha');
    expect(await stored()).toEqual([key]);
    await expect(storage.withLocalFile('13/nada.xlsx', async () => 1)).rejects.toBeInstanceOf(
      FileNotFoundError,
    );
  });
});

describe('createStorage', () => {
  it('refuses to start on a bucket it cannot reach, saying why in Portuguese', async () => {
    const swift = inject('swift');
    const dataDir = await fs.mkdtemp(path.join(tmpdir(), 'laudos-criar-'));
    const env = {
      DATA_DIR: dataDir,
      AUTH_SECRET: 'x'.repeat(40),
      STORAGE: 's3',
      S3_ENDPOINT: swift.endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      AWS_ACCESS_KEY_ID: swift.accessKeyId,
      AWS_SECRET_ACCESS_KEY: swift.secretAccessKey,
    };
    try {
      await expect(createStorage(loadConfig({ ...env, S3_BUCKET: 'nao-existe' }))).rejects.toThrow(
        'Armazenamento S3: bucket "nao-existe" inacessível: o bucket não existe.',
      );
      await expect(
        createStorage(loadConfig({ ...env, S3_BUCKET: 'nao-existe', AWS_SECRET_ACCESS_KEY: 'errada' })),
      ).rejects.toThrow('acesso negado (confira as credenciais AWS)');
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('storage:migrate (disco → S3)', () => {
  it('copies every file, checks each, and after an interruption copies only what is missing', async () => {
    const root = await fs.mkdtemp(path.join(tmpdir(), 'laudos-migrar-'));
    const alvo = await createTestBucket();
    try {
      const disco = new LocalFileStorage(path.join(root, 'laudos'));
      const conteudos = new Map<string, Buffer>();
      for (let i = 0; i < 5; i++) {
        const key = newStorageKey(`l${i}`, 'pdf', 'pdf');
        conteudos.set(key, randomBytes(1000 + i * 5000));
        await disco.save(key, chunksOf(conteudos.get(key)!, 4096), { maxBytes: 1_000_000 });
      }
      // Not files yet: an upload still staged, and a temp file.
      await disco.save(stagingKey('l9/pdf-x.pdf'), chunksOf(Buffer.from('meio'), 2), { maxBytes: 10 });
      await fs.writeFile(path.join(disco.rootDir, '.pdf-y.pdf.1.tmp'), 'x');

      // The run is cut after two files.
      let salvos = 0;
      const interrompido: FileStorage = Object.create(alvo.storage, {
        save: {
          value: (...a: Parameters<FileStorage['save']>) => {
            if (++salvos > 2) throw new Error('conexão perdida');
            return alvo.storage.save(...a);
          },
        },
      });
      await expect(migrateFiles(disco, interrompido)).rejects.toThrow('conexão perdida');
      expect(await alvo.keys()).toHaveLength(2);

      const r = await migrateFiles(disco, alvo.storage);
      expect(r).toEqual({ total: 5, copied: 3, alreadyThere: 2, failed: [] });
      expect(await alvo.keys()).toEqual([...conteudos.keys()].sort());
      for (const [key, conteudo] of conteudos)
        expect((await readAll((await alvo.storage.open(key)).stream)).equals(conteudo)).toBe(true);
      expect(await migrateFiles(disco, alvo.storage)).toEqual({
        total: 5,
        copied: 0,
        alreadyThere: 5,
        failed: [],
      });
    } finally {
      await alvo.destroy();
      await fs.rm(root, { recursive: true, force: true });
    }
  });
});

describe('LocalFileStorage', () => {
  it('removes a laudo folder with its last file, and a failed save leaves no folder', async () => {
    const root = await fs.mkdtemp(path.join(tmpdir(), 'laudos-storage-'));
    try {
      const storage = new LocalFileStorage(path.join(root, 'laudos'));
      await storage.save('42/pdf-a.pdf', chunksOf(Buffer.from('abc'), 1), { maxBytes: 3 });
      await storage.remove('42/pdf-a.pdf');
      await expect(
        storage.save('43/pdf-b.pdf', chunksOf(Buffer.from('abcd'), 1), { maxBytes: 3 }),
      ).rejects.toBeInstanceOf(FileTooLargeError);
      expect(await fs.readdir(storage.rootDir)).toEqual([]);
    } finally {
      await fs.rm(root, { recursive: true, force: true });
    }
  });

  it('stages and promotes many uploads of one laudo at once while each promotion prunes the staging folders', async () => {
    // Each promotion removes `staging/<laudo>` and `staging` when they empty; a save starting
    // meanwhile must make them again, never fail (it answered 500 in a reliability run).
    const root = await fs.mkdtemp(path.join(tmpdir(), 'laudos-storage-'));
    try {
      const storage = new LocalFileStorage(path.join(root, 'laudos'));
      const laudo = 'b1f0c2de-1234-4abc-8def-0123456789ab';
      const rounds = await Promise.allSettled(
        Array.from({ length: 8 }, async (_, worker) => {
          let done = 0;
          for (let i = 0; i < 40; i++) {
            const key = newStorageKey(laudo, worker % 2 ? 'pdf' : 'excel', worker % 2 ? 'pdf' : 'xlsx');
            await storage.save(stagingKey(key), chunksOf(Buffer.from(`${worker}-${i}`), 1), {
              maxBytes: 100,
            });
            await promote(storage, key);
            await storage.remove(key);
            done++;
          }
          return done;
        }),
      );
      expect(rounds.map((r) => (r.status === 'fulfilled' ? r.value : String(r.reason)))).toEqual(
        Array(8).fill(40),
      );
      expect(await fs.readdir(storage.rootDir)).toEqual([]);
    } finally {
      await fs.rm(root, { recursive: true, force: true });
    }
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

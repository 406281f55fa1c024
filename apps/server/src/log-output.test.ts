import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { LogOutput } from './log-output.ts';

/** A stand-in for stdout/stderr whose reader can go away (or stop reading). */
class FakeOutput extends EventEmitter {
  written: string[] = [];
  writableLength = 0;
  gone = false;
  write(chunk: string): boolean {
    if (this.gone) {
      queueMicrotask(() => this.emit('error', Object.assign(new Error('write EPIPE'), { code: 'EPIPE' })));
      return false;
    }
    this.written.push(chunk);
    return true;
  }
}

describe('log output', () => {
  it('when stdout loses its reader, says so once on stderr, drops the rest and keeps going', async () => {
    const out = new FakeOutput();
    const err = new FakeOutput();
    const log = new LogOutput(out, err);
    log.write('um\n');
    out.gone = true;
    log.write('dois\n');
    await Promise.resolve();
    log.write('três\n');
    log.write('quatro\n');
    expect(out.written).toEqual(['um\n']);
    expect(log.lost).toBe(true);
    expect(err.written).toHaveLength(1);
    expect(err.written[0]).toContain('A saída de log (stdout) foi perdida (EPIPE)');
  });

  it('with stderr gone too, loses both silently instead of throwing', async () => {
    const out = new FakeOutput();
    const err = new FakeOutput();
    const log = new LogOutput(out, err);
    err.gone = true;
    err.write('um aviso de uma biblioteca\n');
    await Promise.resolve();
    out.gone = true;
    log.write('linha\n');
    await Promise.resolve();
    expect(() => log.write('outra\n')).not.toThrow();
    expect(err.written).toEqual([]);
  });

  it('drops lines while a slow reader is far behind, then says how many', () => {
    const out = new FakeOutput();
    const log = new LogOutput(out, new FakeOutput());
    out.writableLength = 64 * 1024 * 1024;
    log.write('a\n');
    log.write('b\n');
    out.writableLength = 0;
    log.write('c\n');
    expect(out.written).toHaveLength(2);
    expect(JSON.parse(out.written[0]!)).toMatchObject({ level: 40, msg: expect.stringMatching(/^2 linha/) });
    expect(out.written[1]).toBe('c\n');
  });
});

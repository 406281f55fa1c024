/**
 * Where the server's log lines go: stdout, through `process.stdout` so they stay in order with
 * what main.ts prints. Losing that output (its reader gone: EPIPE, a closed socket, a dead
 * terminal) must never stop the server: see docs/decisions/010-lost-log-output.md.
 */

/** Lines waiting for a slow reader beyond this are dropped rather than held in memory. */
const MAX_PENDING_BYTES = 8 * 1024 * 1024;

interface Output {
  write(chunk: string): boolean;
  on(event: 'error', listener: (err: NodeJS.ErrnoException) => void): unknown;
  readonly writableLength: number;
}

/** A pino destination that drops what it cannot write instead of waiting or throwing. */
export class LogOutput {
  #lost = false;
  #stderrLost = false;
  #dropped = 0;

  constructor(
    private readonly out: Output,
    private readonly err: Output,
  ) {
    // An 'error' with no listener is an uncaught exception, and pino's default destination
    // retried its exit-time flush forever on EPIPE: together they hung the process (issue 24).
    // The listeners cover every writer of the process (the banner, a library's console.*).
    out.on('error', (e) => this.#loseStdout(e));
    err.on('error', () => {
      this.#stderrLost = true;
    });
  }

  write(line: string): void {
    if (this.#lost) return;
    if (this.out.writableLength > MAX_PENDING_BYTES) {
      this.#dropped++;
      return;
    }
    if (this.#dropped > 0) {
      const n = this.#dropped;
      this.#dropped = 0;
      this.out.write(
        `${JSON.stringify({ level: 40, time: Date.now(), msg: `${n} linha(s) de log descartada(s): a saída não acompanhava` })}\n`,
      );
    }
    this.out.write(line);
  }

  get lost(): boolean {
    return this.#lost;
  }

  #loseStdout(e: NodeJS.ErrnoException) {
    if (this.#lost) return;
    this.#lost = true;
    if (this.#stderrLost) return;
    this.err.write(
      `A saída de log (stdout) foi perdida (${e.code ?? e.message}): o servidor continua no ar e descarta o log até ser reiniciado.\n`,
    );
  }
}

let shared: LogOutput | undefined;

/** The process's one log output; the first call also guards stdout and stderr against losing their reader. */
export function processLogOutput(): LogOutput {
  shared ??= new LogOutput(process.stdout, process.stderr);
  return shared;
}

import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';

describe('exit watchdog', () => {
  it('ends a process whose main thread never comes back', async () => {
    const script = `import { armExitWatchdog } from './exit-watchdog.ts';
      armExitWatchdog(300);
      for (;;) {}`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: import.meta.dirname,
      stdio: 'ignore',
    });
    const started = Date.now();
    const signal = await new Promise<NodeJS.Signals | null>((resolve) => {
      const giveUp = setTimeout(() => child.kill('SIGKILL'), 30_000);
      child.on('exit', (_code, sig) => {
        clearTimeout(giveUp);
        resolve(sig);
      });
    });
    expect(signal).toBe('SIGKILL');
    // Its own timer, not the test's 30 s give-up, ended it (tsx's start-up counts in this).
    expect(Date.now() - started).toBeLessThan(15_000);
  });
});

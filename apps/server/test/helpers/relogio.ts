import { addDaysIso, instanteLocal } from '@laudos/domain';
import { notificationRules } from '../../src/db/schema.ts';
import { createTestServer } from './server.ts';

const SP = 'America/Sao_Paulo';

/**
 * A test server whose clock the test moves (`relogio.agora`), started at 09:05 in São Paulo on
 * `inicio`, with the reminder rules counted as run up to `ultimaExecucao` (by default the day before
 * `inicio`, as if they had run every day before). `verificar(dia, hora)` is the scheduler's 5-minute
 * check at that moment.
 */
export async function servidorNoTempo(
  inicio: string,
  env: Record<string, string> = { JOBS: 'off' },
  { ultimaExecucao = addDaysIso(inicio, -1) }: { ultimaExecucao?: string } = {},
) {
  const relogio = { agora: instanteLocal(SP, inicio, '09:05') };
  const t = await createTestServer(env, { clock: () => relogio.agora });
  const db = t.server.database.db;
  await db.update(notificationRules).set({ lastRunDate: ultimaExecucao });
  return {
    t,
    db,
    relogio,
    verificar(dia: string, hora = '09:05') {
      relogio.agora = instanteLocal(SP, dia, hora);
      return t.server.notificacoes.verificar({ origem: 'agendada', now: relogio.agora });
    },
  };
}

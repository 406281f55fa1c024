import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import type { Jobs, QueueDefinition } from './boss.ts';
import { type JobPorts, registrarJobs } from './registro.ts';

function jobsFalsos() {
  const filas: QueueDefinition<object>[] = [];
  const jobs = { define: (q: QueueDefinition<object>) => filas.push(q) } as unknown as Jobs;
  return { jobs, filas };
}

const config = loadConfig({
  DATA_DIR: '/tmp/laudos-registro-test',
  AUTH_SECRET: 'registro-test-secret-'.repeat(3),
  APP_TIMEZONE: 'America/Sao_Paulo',
});

describe('registrarJobs', () => {
  it('declares every job once, with its queue options and schedule', () => {
    const { jobs, filas } = jobsFalsos();
    const ports: JobPorts = {
      enviarEmail: { entregar: async () => {}, registrarResultado: async () => {} },
      verificarLembretes: { verificarLembretes: async () => null },
      limparAvisos: { limparAvisos: async () => 0 },
      enviarWhatsapp: { entregar: async () => {} },
      limparArmazenamento: { limparArmazenamento: async () => 0 },
      limparAuditoria: { limparAuditoria: async () => 0 },
      executarImportacao: { processarImportacao: async () => {}, marcarFalha: async () => {} },
    };
    registrarJobs(jobs, config, ports);
    expect(filas.map((f) => f.name)).toEqual([
      'email-send',
      'notificacoes-verificar',
      'avisos-limpar',
      'whatsapp-send',
      'armazenamento-limpar',
      'auditoria-limpar',
      'importacao-executar',
    ]);
    const [email, lembretes, avisos] = filas;
    expect(email?.deadLetter).toBe('email-send-dead');
    expect(email?.options).toMatchObject({ retryBackoff: true, retryLimit: config.email.retryLimit });
    expect(lembretes?.options).toMatchObject({ policy: 'singleton' });
    expect(lembretes?.schedules).toEqual([{ cron: '*/5 * * * *', tz: 'America/Sao_Paulo' }]);
    expect(avisos?.schedules).toEqual([{ cron: '30 3 * * *', tz: 'America/Sao_Paulo' }]);
    expect(filas[4]?.options).toMatchObject({ policy: 'singleton' });
    expect(filas[4]?.schedules).toEqual([{ cron: '17 * * * *', tz: 'America/Sao_Paulo' }]);
    expect(filas[5]?.options).toMatchObject({ policy: 'singleton' });
    expect(filas[5]?.schedules).toEqual([{ cron: '45 3 * * *', tz: 'America/Sao_Paulo' }]);
  });

  it("hands the e-mail job's payload and the reminders' registrarResultado to the delivery", async () => {
    const { jobs, filas } = jobsFalsos();
    const chamadas: unknown[] = [];
    const registrarResultado = async () => {};
    registrarJobs(jobs, config, {
      enviarEmail: {
        entregar: async (data, attempt, registrar) => {
          chamadas.push({ data, attempt, mesmoRegistro: registrar === registrarResultado });
        },
        registrarResultado,
      },
      verificarLembretes: { verificarLembretes: async () => null },
      limparAvisos: { limparAvisos: async () => 0 },
      enviarWhatsapp: { entregar: async () => {} },
      limparArmazenamento: { limparArmazenamento: async () => 0 },
      limparAuditoria: { limparAuditoria: async () => 0 },
      executarImportacao: { processarImportacao: async () => {}, marcarFalha: async () => {} },
    });
    await filas[0]!.work!.handler([
      { id: 'j1', name: 'email-send', data: { logId: 'l1', sealed: 'x', extra: 1 }, retryCount: 2 } as never,
    ]);
    expect(chamadas).toEqual([
      {
        data: { logId: 'l1', sealed: 'x' },
        attempt: { retryCount: 2, retryLimit: undefined },
        mesmoRegistro: true,
      },
    ]);
    // A payload of the wrong shape never reaches the delivery (pg-boss retries, then dead-letters it).
    await expect(
      filas[0]!.work!.handler([{ id: 'j2', name: 'email-send', data: { logId: 1 } } as never]),
    ).rejects.toThrow();
  });
});

import type { Config } from '../config.ts';
import type { Jobs } from './boss.ts';
import { type EnviarEmailPort, enviarEmailJob } from './enviar-email.ts';
import { type EnviarWhatsappPort, enviarWhatsappJob } from './enviar-whatsapp.ts';
import { type ExecutarImportacaoPort, executarImportacaoJob } from './executar-importacao.ts';
import { registerJob } from './job.ts';
import { type LimparArmazenamentoPort, limparArmazenamentoJob } from './limpar-armazenamento.ts';
import { type LimparAuditoriaPort, limparAuditoriaJob } from './limpar-auditoria.ts';
import { type LimparAvisosPort, limparAvisosJob } from './limpar-avisos.ts';
import { type VerificarLembretesPort, verificarLembretesJob } from './verificar-lembretes.ts';

/** What the jobs need from the product, filled in by server.ts (and the CLI). */
export interface JobPorts {
  enviarEmail: EnviarEmailPort;
  verificarLembretes: VerificarLembretesPort;
  limparAvisos: LimparAvisosPort;
  enviarWhatsapp: EnviarWhatsappPort;
  limparArmazenamento: LimparArmazenamentoPort;
  limparAuditoria: LimparAuditoriaPort;
  executarImportacao: ExecutarImportacaoPort;
}

/**
 * Every background job of the product, in one place. Called before `jobs.start()`: the queues
 * must exist before anyone sends to them, even on an instance without workers (JOBS=off, the CLI).
 */
export function registrarJobs(jobs: Jobs, config: Config, ports: JobPorts): void {
  registerJob(jobs, config, enviarEmailJob, ports.enviarEmail);
  registerJob(jobs, config, verificarLembretesJob, ports.verificarLembretes);
  registerJob(jobs, config, limparAvisosJob, ports.limparAvisos);
  registerJob(jobs, config, enviarWhatsappJob, ports.enviarWhatsapp);
  registerJob(jobs, config, limparArmazenamentoJob, ports.limparArmazenamento);
  registerJob(jobs, config, limparAuditoriaJob, ports.limparAuditoria);
  registerJob(jobs, config, executarImportacaoJob, ports.executarImportacao);
}

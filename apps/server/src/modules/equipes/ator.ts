import { type Ator as AtorDaAuditoria, atorDoUsuario } from '../../auditoria/registrar.ts';
import type { SessionUser } from '../../auth/session.ts';
import { erro } from '../../http/errors.ts';

/**
 * Who is changing a team, and which team: a client acting on their own company (a gestor manages
 * it; a membro may only switch their own reminders), or an admin acting on the company named in
 * the address (always manages it). The plan's seat limit and the last-gestor rule bind both.
 */
export interface Ator {
  empresaId: string;
  id: string;
  nome: string;
  /** Gestor of this company, or an admin. */
  gere: boolean;
  /** The same person as the audit log records them (role, address, browser). */
  auditoria: AtorDaAuditoria;
}

/** The client's own company (404 SEM_EMPRESA when they have none: admins included). */
export function atorDaEmpresa(user: SessionUser): Ator {
  if (user.tipo !== 'cliente' || !user.empresaId) throw erro('semEmpresa');
  return {
    empresaId: user.empresaId,
    id: user.id,
    nome: user.nome,
    gere: user.papel === 'gestor',
    auditoria: atorDoUsuario(user),
  };
}

/** An admin on the company `empresaId` (whose existence the service checks under its lock). */
export function atorAdmin(user: SessionUser, empresaId: string): Ator {
  return { empresaId, id: user.id, nome: user.nome, gere: true, auditoria: atorDoUsuario(user) };
}

/** 403 APENAS_GESTOR ("Apenas o gestor da empresa pode {acao}.") for a membro. */
export function exigirGestor(ator: Ator, acao: string): void {
  if (!ator.gere) throw erro('apenasGestor', acao);
}

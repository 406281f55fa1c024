import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { atorDoUsuario, type Origem, origemDoPedido, registrarAuditoria } from '../auditoria/registrar.ts';
import type { Db } from '../db/client.ts';
import { usuarios } from '../db/schema.ts';
import type { SessionUser } from './session.ts';

/**
 * The audit entries of Better Auth's own paths (sign-in, failed sign-in, sign-out, 2FA on/off),
 * written once Better Auth has answered: only then is the outcome known. These changes are Better
 * Auth's (its session and two_factor rows), committed by it, so the entry has its own statement;
 * a failed sign-in changes nothing and is still recorded, the one row a refused request writes.
 */
export async function registrarPassoDaSessao(
  db: Db,
  request: FastifyRequest,
  path: string,
  status: number,
  corpo: string,
  antes: SessionUser | null,
  emailInformado: string,
): Promise<void> {
  const origem = origemDoPedido(request);
  const ok = status >= 200 && status < 300;
  if (path === '/sign-in/email') {
    if (!ok) {
      let codigo: string | undefined;
      try {
        codigo = (JSON.parse(corpo) as { code?: string }).code;
      } catch {
        codigo = undefined;
      }
      await registrarAuditoria(
        db,
        { tipo: 'usuario', id: null, nome: null, papel: null, origem },
        {
          entidade: 'sessao',
          entidadeId: null,
          acao: 'falhou_entrada',
          empresaId: null,
          detalhes: { email: emailDaTentativa(emailInformado), motivo: codigo ?? `HTTP ${status}` },
        },
      );
      return;
    }
    const userId = usuarioDaResposta(corpo);
    // With 2FA on, the session starts at /two-factor/verify-*: recorded there.
    if (userId) await registrarEntrada(db, userId, origem, 'senha');
    return;
  }
  if (!ok) return;
  if (path.startsWith('/two-factor/verify')) {
    if (antes && !antes.doisFatores) {
      // A signed-in person confirming their first code: 2FA is now on.
      await registrarDoisFatores(db, antes, origem, true);
      return;
    }
    const userId = usuarioDaResposta(corpo);
    if (userId) await registrarEntrada(db, userId, origem, 'dois_fatores');
    return;
  }
  if (path === '/two-factor/disable' && antes) {
    await registrarDoisFatores(db, antes, origem, false);
    return;
  }
  if (path === '/sign-out' && antes) {
    await registrarAuditoria(db, atorDoUsuario({ ...antes, origem }), {
      entidade: 'sessao',
      entidadeId: antes.id,
      acao: 'saiu',
      empresaId: antes.empresaId,
    });
  }
}

/**
 * A Google/Microsoft sign-in: Better Auth's callback (a GET answered with a redirect) set a
 * session cookie for this user. An 'entrou' with the provider; a refused callback sets none and
 * is no entry (the provider, not us, refused the person).
 */
export async function registrarEntradaSocial(
  db: Db,
  request: FastifyRequest,
  userId: string,
  provedor: string,
): Promise<void> {
  await registrarEntrada(db, userId, origemDoPedido(request), provedor);
}

/**
 * What was typed as the e-mail, when it looks like one; otherwise not kept (a password typed in the
 * wrong field must not land in the log).
 */
function emailDaTentativa(digitado: string): string | null {
  const email = digitado.trim();
  return email.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? email : null;
}

function usuarioDaResposta(corpo: string): string | null {
  try {
    const id = (JSON.parse(corpo) as { user?: { id?: unknown } }).user?.id;
    return typeof id === 'string' ? id : null;
  } catch {
    return null;
  }
}

async function registrarEntrada(db: Db, userId: string, origem: Origem, metodo: string) {
  const [perfil] = await db
    .select({
      id: usuarios.id,
      nome: usuarios.nome,
      tipo: usuarios.tipo,
      papel: usuarios.papel,
      empresaId: usuarios.empresaId,
    })
    .from(usuarios)
    .where(eq(usuarios.id, userId))
    .limit(1);
  if (!perfil) return;
  await registrarAuditoria(db, atorDoUsuario({ ...perfil, origem }), {
    entidade: 'sessao',
    entidadeId: perfil.id,
    acao: 'entrou',
    empresaId: perfil.empresaId,
    detalhes: { metodo },
  });
}

async function registrarDoisFatores(db: Db, user: SessionUser, origem: Origem, ligado: boolean) {
  await registrarAuditoria(db, atorDoUsuario({ ...user, origem }), {
    entidade: 'usuario',
    entidadeId: user.id,
    acao: 'alterou',
    empresaId: user.empresaId,
    antes: { doisFatores: !ligado },
    depois: { doisFatores: ligado },
  });
}

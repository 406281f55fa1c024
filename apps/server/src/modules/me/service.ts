import { planoFeatures } from '@laudos/domain';
import { eq, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session.ts';
import type { DbOrTx } from '../../db/client.ts';
import { preparada } from '../../db/prepared.ts';
import { planos } from '../../db/schema.ts';
import { estaSuprimido } from '../../email/supressao.ts';
import { pedidoPendente } from '../empresas/pedidos.ts';

/** GET /api/me: the session user (spec section 3, "Session user"), with their plan's limits and features. */
export async function buscarPerfil(db: DbOrTx, user: SessionUser) {
  const [plano] = user.planoId
    ? await preparada(db, 'plano', () =>
        db
          .select()
          .from(planos)
          .where(eq(planos.id, sql.placeholder('id')))
          .limit(1),
      ).execute({ id: user.planoId })
    : [];
  return {
    id: user.id,
    nome: user.nome,
    email: user.email,
    tipo: user.tipo,
    empresa: user.empresa,
    empresa_id: user.empresaId,
    papel: user.empresaId ? user.papel : null,
    pedido_empresa: user.tipo === 'cliente' && !user.empresaId ? await pedidoPendente(db, user.id) : null,
    telefone: user.telefone,
    ativo: user.ativo,
    primeiro_acesso: user.primeiroAcesso,
    plano: plano
      ? { id: plano.id, nome: plano.nome, preco: Number(plano.preco), ...planoFeatures(plano) }
      : null,
    dois_fatores: user.doisFatores,
    email_verificado: user.emailVerificado,
    email_suprimido: await estaSuprimido(db, user.email),
  };
}

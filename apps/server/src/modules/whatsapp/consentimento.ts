import { desc, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { whatsappConsentimentos } from '../../db/schema.ts';

/** The latest consent row of each person in `ids` that is a grant: who receives, at which number. */
export async function consentimentosAtivos(db: DbOrTx, ids: readonly string[]): Promise<Map<string, string>> {
  const ativos = new Map<string, string>();
  if (ids.length === 0) return ativos;
  const rows = await db
    .selectDistinctOn([whatsappConsentimentos.usuarioId], {
      usuarioId: whatsappConsentimentos.usuarioId,
      acao: whatsappConsentimentos.acao,
      numero: whatsappConsentimentos.numero,
    })
    .from(whatsappConsentimentos)
    .where(inArray(whatsappConsentimentos.usuarioId, [...ids]))
    .orderBy(
      whatsappConsentimentos.usuarioId,
      desc(whatsappConsentimentos.criadoEm),
      desc(whatsappConsentimentos.id),
    );
  for (const r of rows) if (r.acao === 'concedido' && r.numero) ativos.set(r.usuarioId, r.numero);
  return ativos;
}

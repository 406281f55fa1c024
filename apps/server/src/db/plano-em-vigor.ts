import { sql } from 'drizzle-orm';
import { empresas, usuarios } from './schema.ts';

/**
 * The plan in force for a row of `usuarios` (decision 020): its company's when it has one, else its
 * own. The one place this rule is written; a subquery on the company's key, so a query needs no join
 * for it (the session, the users' list and the plans' counts all read it).
 */
export const planoEmVigor = sql<
  string | null
>`(case when ${usuarios.empresaId} is null then ${usuarios.planoId}
  else (select e.plano_id from ${empresas} e where e.id = ${usuarios.empresaId}) end)`;

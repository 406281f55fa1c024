// The API schemas of a company's API keys (issue 18, `apiAccess`; decision 024), shared by server
// and web. Responses in camelCase like the other company shapes.
import { z } from 'zod';
import { entrada } from './entrada.ts';

/** How many keys a company may have active at once (revoked ones do not count). */
export const MAX_CHAVES_API_ATIVAS = 10;

/** The start of every key: a key found in a script or a log is recognisable as ours. */
export const PREFIXO_DA_CHAVE_API = 'laudos_';

/** POST /api/empresa/chaves-api (and the admin's). */
export const criarChaveApiEntrada = entrada({
  nome: z
    .string('Informe o nome da chave.')
    .trim()
    .min(1, 'Informe o nome da chave (por exemplo, "Integração do ERP").')
    .max(80, 'O nome da chave pode ter até 80 caracteres.'),
});
export type NovaChaveApi = z.input<typeof criarChaveApiEntrada>;

function esquemasDaChave<I extends z.ZodType>(instante: I) {
  const chave = z.object({
    id: z.string(),
    nome: z.string(),
    /** The key's first characters, to tell keys apart (`laudos_Ab12…`). */
    prefixo: z.string(),
    criadoEm: instante,
    /** Who created it (a gestor or an admin), or null when that person was deleted. */
    criadoPor: z.string().nullable(),
    ultimoUsoEm: instante.nullable(),
    revogadoEm: instante.nullable(),
  });
  return {
    chave,
    /** GET: every key of the company, active first, newest first. */
    lista: z.object({ chaves: z.array(chave), maxAtivas: z.number() }),
    /** POST: the key's record and the key itself, shown this one time only. */
    criada: z.object({ chave, segredo: z.string() }),
  };
}

export const chavesApiNoServidor = esquemasDaChave(z.date());
export const chavesApiNaWeb = esquemasDaChave(z.string());
export type ChaveApi = z.infer<typeof chavesApiNaWeb.chave>;
export type ChaveApiCriada = z.infer<typeof chavesApiNaWeb.criada>;

import { z } from 'zod';
import ptBR from 'zod/v4/locales/pt-BR.js';

// Every message zod writes on its own (a wrong type, a too-long text) is in Portuguese, on the
// server's answers and in the app's forms alike. Only this module (the API schemas) sets it, so
// the public pages, which never import the API schemas, carry no zod.
z.config(ptBR());

/** One field of a 400: its path (`dataVencimento`, `regras.0.dias`) and what is wrong with it. */
export type CampoInvalido = { campo: string; mensagem: string };

/** The field-by-field list of a failed parse, as the server sends it in a 400's `campos`. */
export function camposDoErro(issues: readonly z.core.$ZodIssue[]): CampoInvalido[] {
  const campos: CampoInvalido[] = [];
  for (const issue of issues) {
    const base = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys)
        campos.push({ campo: base ? `${base}.${key}` : key, mensagem: 'Campo não reconhecido.' });
    } else campos.push({ campo: base || 'corpo', mensagem: issue.message });
  }
  return campos;
}

type Shape = Record<string, z.ZodType>;

/**
 * A request body: unknown or misspelled fields are refused (a 400 naming them), and each field
 * listed in `nomesDaSpec` is also accepted under the specification's snake_case name — the name
 * every read returns (`data_vencimento` for `dataVencimento`). Giving both names with different
 * values is refused. The parsed value always has the camelCase names.
 */
export function entrada<S extends Shape>(
  shape: S,
  nomesDaSpec: Partial<Record<string, keyof S & string>> = {},
) {
  const pares = Object.entries(nomesDaSpec) as [string, keyof S & string][];
  const aceitos: Shape = { ...shape };
  const obrigatorios = new Set<string>();
  for (const [snake, camel] of pares) {
    const campo = shape[camel]!;
    if (!campo.safeParse(undefined).success) obrigatorios.add(camel);
    aceitos[camel] = campo.optional();
    aceitos[snake] = campo.optional();
  }
  return z.strictObject(aceitos).transform((valor, ctx) => {
    const saida: Record<string, unknown> = { ...valor };
    for (const [snake, camel] of pares) {
      if (saida[snake] === undefined) continue;
      if (saida[camel] !== undefined && JSON.stringify(saida[camel]) !== JSON.stringify(saida[snake]))
        ctx.issues.push({
          code: 'custom',
          path: [snake],
          message: `Informe ${camel} ou ${snake}, não os dois com valores diferentes.`,
          input: saida[snake],
        });
      saida[camel] = saida[snake];
      delete saida[snake];
    }
    for (const camel of obrigatorios)
      if (saida[camel] === undefined)
        ctx.issues.push({ code: 'custom', path: [camel], message: 'Campo obrigatório.', input: undefined });
    return saida as z.output<z.ZodObject<S>>;
  });
}

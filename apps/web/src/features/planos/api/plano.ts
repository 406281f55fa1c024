import { asArray, asBoolean, asNullableString, asNumber, asRecord, asString } from '../../../lib/parse';

/** The features a plan may include, with their pt-BR names (spec section 3). */
export const recursosDoPlano = [
  ['notificacoes', 'Notificações por e-mail'],
  ['whatsappAlerts', 'Alertas por WhatsApp'],
  ['emailSupport', 'Suporte por e-mail'],
  ['prioritySupport', 'Suporte prioritário'],
  ['customReports', 'Relatórios personalizados'],
  ['apiAccess', 'Acesso à API'],
  ['dataExport', 'Exportação de dados'],
  ['customBranding', 'Marca própria'],
] as const;

export type RecursoDoPlano = (typeof recursosDoPlano)[number][0];

export type PlanoDados = {
  nome: string;
  descricao: string | null;
  preco: number;
  ativo: boolean;
  /** The plan given at sign-up; at most one. */
  padrao: boolean;
  maxLaudos: number;
  maxUsuarios: number;
} & Record<RecursoDoPlano, boolean>;

export type Plano = PlanoDados & { id: string; usuarios: number };

export function parsePlano(value: unknown, path = 'plano'): Plano {
  const plano = asRecord(value, path);
  const recursos = Object.fromEntries(
    recursosDoPlano.map(([key]) => [key, asBoolean(plano[key], `${path}.${key}`)]),
  ) as Record<RecursoDoPlano, boolean>;
  return {
    id: asString(plano.id, `${path}.id`),
    nome: asString(plano.nome, `${path}.nome`),
    descricao: asNullableString(plano.descricao, `${path}.descricao`),
    preco: asNumber(plano.preco, `${path}.preco`),
    ativo: asBoolean(plano.ativo, `${path}.ativo`),
    padrao: asBoolean(plano.padrao, `${path}.padrao`),
    maxLaudos: asNumber(plano.maxLaudos, `${path}.maxLaudos`),
    maxUsuarios: asNumber(plano.maxUsuarios, `${path}.maxUsuarios`),
    ...recursos,
    // Create and update answers may leave the count out.
    usuarios: plano.usuarios === undefined ? 0 : asNumber(plano.usuarios, `${path}.usuarios`),
  };
}

export function parsePlanos(data: unknown): Plano[] {
  const planos = asArray(asRecord(data, 'resposta').planos, 'planos', parsePlano);
  // The server orders by price; sorting again keeps the table right whatever it sends.
  return planos.sort((a, b) => a.preco - b.preco || a.nome.localeCompare(b.nome, 'pt-BR'));
}

export const planosKey = ['admin', 'planos'] as const;

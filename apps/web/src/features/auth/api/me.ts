import { ApiError, apiFetch } from '../../../lib/api';
import {
  asBoolean,
  asEnum,
  asNullableString,
  asNumber,
  asRecord,
  asString,
  isRecord,
  type JsonRecord,
} from '../../../lib/parse';

/** The plan of the signed-in user, with its limits and features (spec section 3). */
export type PlanoDoPerfil = {
  id: string;
  nome: string;
  preco: number;
  maxLaudos: number;
  maxUsuarios: number;
  notificacoes: boolean;
  whatsappAlerts: boolean;
  emailSupport: boolean;
  prioritySupport: boolean;
  customReports: boolean;
  apiAccess: boolean;
  dataExport: boolean;
  customBranding: boolean;
};

/** The session user (spec section 3, "Session user"), as GET /api/me answers it. */
export type Perfil = {
  id: string;
  nome: string;
  email: string;
  tipo: 'admin' | 'cliente';
  empresa: string | null;
  telefone: string | null;
  ativo: boolean;
  primeiro_acesso: boolean;
  plano: PlanoDoPerfil | null;
  dois_fatores: boolean;
  /** False until the person follows the link mailed at sign-up (laudos sent to the e-mail wait). */
  email_verificado: boolean;
};

const flags = [
  'notificacoes',
  'whatsappAlerts',
  'emailSupport',
  'prioritySupport',
  'customReports',
  'apiAccess',
  'dataExport',
  'customBranding',
] as const;

function parsePlano(value: unknown): PlanoDoPerfil | null {
  if (value === null || value === undefined) return null;
  const plano = asRecord(value, 'plano');
  const flag = (key: (typeof flags)[number]) => plano[key] === true;
  return {
    id: asString(plano.id, 'plano.id'),
    nome: asString(plano.nome, 'plano.nome'),
    preco: asNumber(plano.preco, 'plano.preco'),
    maxLaudos: asNumber(plano.maxLaudos, 'plano.maxLaudos'),
    maxUsuarios: asNumber(plano.maxUsuarios, 'plano.maxUsuarios'),
    notificacoes: flag('notificacoes'),
    whatsappAlerts: flag('whatsappAlerts'),
    emailSupport: flag('emailSupport'),
    prioritySupport: flag('prioritySupport'),
    customReports: flag('customReports'),
    apiAccess: flag('apiAccess'),
    dataExport: flag('dataExport'),
    customBranding: flag('customBranding'),
  };
}

export function parsePerfil(data: unknown): Perfil {
  const perfil: JsonRecord = asRecord(data, 'perfil');
  return {
    id: asString(perfil.id, 'id'),
    nome: asString(perfil.nome, 'nome'),
    email: asString(perfil.email, 'email'),
    tipo: asEnum(perfil.tipo, 'tipo', ['admin', 'cliente'] as const),
    empresa: asNullableString(perfil.empresa, 'empresa'),
    telefone: asNullableString(perfil.telefone, 'telefone'),
    ativo: asBoolean(perfil.ativo, 'ativo'),
    primeiro_acesso: asBoolean(perfil.primeiro_acesso, 'primeiro_acesso'),
    plano: isRecord(perfil.plano) ? parsePlano(perfil.plano) : null,
    // Older servers do not send it yet: no two-factor then.
    dois_fatores: perfil.dois_fatores === true,
    // Older servers do not send it: they had no verification, so nothing waits on it.
    email_verificado: perfil.email_verificado !== false,
  };
}

/** Query key of the session user; everything about "who is signed in" hangs on it. */
export const meQueryKey = ['auth', 'me'] as const;

/**
 * GET /api/me: the signed-in user, or null when there is no session (401) or the account may not
 * use one (403, e.g. deactivated). Other failures (network, 5xx) throw.
 */
export async function fetchMe(signal?: AbortSignal): Promise<Perfil | null> {
  try {
    return await apiFetch('/me', { parse: parsePerfil, ...(signal ? { signal } : {}) });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return null;
    throw error;
  }
}

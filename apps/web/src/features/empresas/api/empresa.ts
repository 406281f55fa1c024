import type { Convite, Empresa, Equipe, Papel, PedidoEmpresa, Pessoa } from '@laudos/domain/api';
import type { NovaEmpresa } from '../../../lib/criar-empresa';

export type { Convite, Empresa, Equipe, Papel, PedidoEmpresa, Pessoa };

export type EmpresasFiltro = {
  busca: string;
  planoId: string;
  /** '' = every company. */
  ativo: '' | 'true' | 'false';
  pagina: number;
  porPagina: number;
};

/**
 * Every admin query about companies (list, options, a company's team, the requests to join) starts
 * with this key, so one invalidation refreshes them all.
 */
export const empresasKey = ['admin', 'empresas'] as const;

export function equipeKey(id: string) {
  return [...empresasKey, 'equipe', id] as const;
}

/** The roles in a company, in pt-BR. */

/*
 * The bodies the screens send (the shared schemas, `@laudos/domain/api`, check them on both sides;
 * their input types accept any key, so these name the fields).
 */

/** PATCH /api/admin/empresas/:id. */
export type AlteracaoEmpresa = Partial<NovaEmpresa> & { ativo?: boolean };

/** PATCH /api/admin/empresas/:id/pessoas/:usuarioId. */
export type AlteracaoPessoa = { papel?: Papel; ativo?: boolean; receberLembretes?: boolean };

/** POST /api/admin/empresas/:id/convites. */
export type NovoConvite = { email: string; nome?: string | null; papel?: Papel };

/** POST /api/admin/pedidos-empresa/:id/aprovar: an existing company or a new one, and the role. */
export type AprovacaoPedido = { empresaId?: string; nova?: NovaEmpresa; papel?: Papel };

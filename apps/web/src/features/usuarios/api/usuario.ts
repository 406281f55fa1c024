import type { Papel, TipoUsuario, Usuario } from '@laudos/domain/api';

export type { Papel, TipoUsuario, Usuario };

export type UsuariosFiltro = {
  busca: string;
  tipo: '' | TipoUsuario;
  /** '' = every user. */
  ativo: '' | 'true' | 'false';
  planoId: string;
  pagina: number;
  porPagina: number;
};

/** Every admin query about users starts with this key, so one invalidation refreshes them all. */
export const usuariosKey = ['admin', 'usuarios'] as const;

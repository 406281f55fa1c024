import {
  asArray,
  asBoolean,
  asEnum,
  asNullableString,
  asNumber,
  asRecord,
  asString,
} from '../../../lib/parse';

export type TipoUsuario = 'admin' | 'cliente';

/** A user as the admin sees it (GET /api/admin/usuarios). */
export type Usuario = {
  id: string;
  nome: string;
  email: string;
  tipo: TipoUsuario;
  empresa: string | null;
  /** A company typed at sign-up only scopes laudos once an admin confirms it. */
  empresaConfirmada: boolean;
  telefone: string | null;
  ativo: boolean;
  /** Still on the temporary password. */
  primeiroAcesso: boolean;
  plano: { id: string; nome: string } | null;
  criadoEm: string;
};

export function parseUsuario(value: unknown, path = 'usuario'): Usuario {
  const usuario = asRecord(value, path);
  const plano =
    usuario.plano === null || usuario.plano === undefined ? null : asRecord(usuario.plano, `${path}.plano`);
  return {
    id: asString(usuario.id, `${path}.id`),
    nome: asString(usuario.nome, `${path}.nome`),
    email: asString(usuario.email, `${path}.email`),
    tipo: asEnum(usuario.tipo, `${path}.tipo`, ['admin', 'cliente'] as const),
    empresa: asNullableString(usuario.empresa, `${path}.empresa`),
    empresaConfirmada: asBoolean(usuario.empresaConfirmada, `${path}.empresaConfirmada`),
    telefone: asNullableString(usuario.telefone, `${path}.telefone`),
    ativo: asBoolean(usuario.ativo, `${path}.ativo`),
    primeiroAcesso: asBoolean(usuario.primeiroAcesso, `${path}.primeiroAcesso`),
    plano: plano
      ? { id: asString(plano.id, `${path}.plano.id`), nome: asString(plano.nome, `${path}.plano.nome`) }
      : null,
    criadoEm: asString(usuario.criadoEm, `${path}.criadoEm`),
  };
}

/** `{ usuario }`, the answer of create and update. */
export function parseUsuarioResposta(data: unknown): Usuario {
  return parseUsuario(asRecord(data, 'resposta').usuario);
}

export type UsuariosFiltro = {
  busca: string;
  tipo: '' | TipoUsuario;
  /** '' = every user. */
  ativo: '' | 'true' | 'false';
  planoId: string;
  pagina: number;
  porPagina: number;
};

export type UsuariosPagina = { usuarios: Usuario[]; total: number; pagina: number; porPagina: number };

export function parseUsuariosPagina(data: unknown): UsuariosPagina {
  const body = asRecord(data, 'resposta');
  return {
    usuarios: asArray(body.usuarios, 'usuarios', parseUsuario),
    total: asNumber(body.total, 'total'),
    pagina: asNumber(body.pagina, 'pagina'),
    porPagina: asNumber(body.porPagina, 'porPagina'),
  };
}

/** Every admin query about users starts with this key, so one invalidation refreshes them all. */
export const usuariosKey = ['admin', 'usuarios'] as const;

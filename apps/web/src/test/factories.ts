import type { Perfil } from '../features/auth';

/** A signed-in user as GET /api/me answers; override what the test is about. */
export function perfil(overrides: Partial<Perfil> = {}): Perfil {
  return {
    id: 'u-cliente',
    nome: 'Maria Souza',
    email: 'maria@metalurgica.com.br',
    tipo: 'cliente',
    empresa: 'Metalúrgica Souza',
    empresa_id: 'e-metalurgica',
    papel: 'gestor',
    pedido_empresa: null,
    telefone: null,
    ativo: true,
    primeiro_acesso: false,
    plano: null,
    dois_fatores: false,
    email_verificado: true,
    email_suprimido: false,
    ...overrides,
  };
}

export function admin(overrides: Partial<Perfil> = {}): Perfil {
  return perfil({
    id: 'u-admin',
    nome: 'Ana Admin',
    email: 'ana@laudos.com.br',
    tipo: 'admin',
    empresa_id: null,
    papel: null,
    ...overrides,
  });
}

/**
 * Every route of the app, in one table (spec section 2). Import paths from here instead of writing
 * URLs by hand. This file imports nothing, so any layer may use it.
 */
export const paths = {
  home: '/',
  blog: '/blog',
  blogs: '/blogs',
  blogPost: '/blog/:id',
  blogsPost: '/blogs/:id',
  blogAdmin: '/blog-admin',
  blogAdminPanel: '/blog-admin-panel',
  planos: '/planos',
  terms: '/terms',
  privacy: '/privacy',

  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  confirmarEmail: '/confirmar-email',
  convite: '/convite/:token',
  lembrete: '/lembrete/:token',
  descadastro: '/descadastro/:token',

  changePassword: '/change-password',
  dashboard: '/dashboard',
  novoLaudo: '/novo-laudo',
  vencimentos: '/vencimentos',
  documentos: '/documentos',
  notificacoes: '/notificacoes',
  minhaEmpresa: '/minha-empresa',
  suporte: '/suporte',
  suporteChamado: '/suporte/:id',
  renovacoes: '/renovacoes',
  laudo: '/laudos/:id',
  importarLaudos: '/laudos/importar',
  equipamentos: '/equipamentos',
  novoEquipamento: '/equipamentos/novo',
  importarEquipamentos: '/equipamentos/importar',
  equipamento: '/equipamentos/:id',
  editarEquipamento: '/equipamentos/:id/editar',
  avisos: '/avisos',
  conta: '/conta',
  preferencias: '/preferencias',

  admin: '/admin',
  adminBlog: '/admin/blog',
  adminEmailNotifications: '/admin/email-notifications',
  adminEmailTemplates: '/admin/email-templates',
  adminEmpresa: '/admin/empresas/:id',
  adminSuporte: '/admin/suporte',
  adminSuporteChamado: '/admin/suporte/:id',
  adminAvisos: '/admin/avisos',
  adminRenovacoes: '/admin/renovacoes',
  adminAuditoria: '/admin/auditoria',
} as const;

export const servicoPaths = {
  nr13: '/servicos/nr13',
  nr12: '/servicos/nr12',
  elevadores: '/servicos/elevadores',
  preditiva: '/servicos/preditiva',
  laudos: '/servicos/laudos',
  consultoria: '/servicos/consultoria',
  consultoriaElevadores: '/servicos/consultoria-elevadores',
} as const;

export type ServicoKey = keyof typeof servicoPaths;

/** The admin's list of every laudo: the Laudos tab of /admin (the tab lives in ?aba=). */
export const adminLaudosHref = `${paths.admin}?aba=laudos`;

/** The calendar feed's section of /conta ("Adicionar ao calendário", issue 20). */
export const calendarioNaContaHref = `${paths.conta}#adicionar-ao-calendario`;

/** The companies: the Empresas tab of /admin. */
export const adminEmpresasHref = `${paths.admin}?aba=empresas`;

/** The admin's page of one company (data, plan, people, invitations). */
export function adminEmpresaHref(id: string): string {
  return `/admin/empresas/${encodeURIComponent(id)}`;
}

/** The admin's Laudos tab showing only one company's laudos. */
export function adminLaudosDaEmpresaHref(empresaId: string): string {
  return `${adminLaudosHref}&${new URLSearchParams({ empresa: empresaId })}`;
}

/** A support request's thread, in the client area. */
export function suporteChamadoHref(id: string): string {
  return `/suporte/${encodeURIComponent(id)}`;
}

/** A support request's thread, in the firm's inbox. */
export function adminSuporteChamadoHref(id: string): string {
  return `/admin/suporte/${encodeURIComponent(id)}`;
}

/** The due-date calendar (/vencimentos's month view) opened on one day. */
export function calendarioDoDiaHref(dia: string): string {
  return `${paths.vencimentos}?visao=calendario&mes=${dia.slice(0, 7)}&dia=${dia}`;
}

/** The page of one laudo. */
export function laudoHref(id: string): string {
  return `/laudos/${encodeURIComponent(id)}`;
}

/** The page of one NR-13 equipment (issue 23). */
export function equipamentoHref(id: string): string {
  return `/equipamentos/${encodeURIComponent(id)}`;
}

export function editarEquipamentoHref(id: string): string {
  return `/equipamentos/${encodeURIComponent(id)}/editar`;
}

export function blogPostHref(id: string): string {
  return `/blog/${encodeURIComponent(id)}`;
}

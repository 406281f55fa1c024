/**
 * The API's request and response schemas, shared by the server (validation, OpenAPI) and the web
 * app (parsing replies, validating forms). Imported as `@laudos/domain/api`; public pages never
 * import it.
 */
export * from './auditoria.ts';
export * from './avisos.ts';
export * from './blog.ts';
export * from './calendario.ts';
export * from './chaves-api.ts';
export * from './conta.ts';
export * from './emails.ts';
export * from './empresas.ts';
export * from './entrada.ts';
export * from './equipamentos.ts';
export * from './equipamentos-importacao.ts';
export * from './importacao.ts';
export * from './laudos.ts';
export * from './marca.ts';
export * from './notificacoes.ts';
export * from './planos.ts';
export * from './preferencias.ts';
export * from './relatorios.ts';
export * from './renovacoes.ts';
export * from './respostas.ts';
export * from './settings.ts';
export * from './suporte.ts';
export * from './usuarios.ts';
export * from './whatsapp.ts';

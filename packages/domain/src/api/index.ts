/**
 * The API's request and response schemas, shared by the server (validation, OpenAPI) and the web
 * app (parsing replies, validating forms). Imported as `@laudos/domain/api`; public pages never
 * import it.
 */
export * from './entrada.ts';

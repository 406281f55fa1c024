import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Acesso } from './http/access.ts';

const toOpenApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{*}');

/** Where the API's documentation page is (Swagger UI, served from our own files: it works offline). */
export const DOCS_PREFIX = '/api/docs';

/** The document's description: what `x-access` means and a quick start with an API key (pt-BR). */
export function descricaoDaApi(publicUrl: string): string {
  const base = publicUrl.replace(/\/$/, '');
  return `API do Laudos. Cada operação traz \`x-access\`: \`public\` (qualquer um), \`user\` (sessão de um usuário ativo) ou \`admin\` (sessão de administrador). As que aceitam chave de API trazem \`x-chave-api: true\` e o esquema de segurança \`bearerAuth\`; as de um recurso pago trazem \`x-recurso\` (um recurso, ou uma lista da qual basta um).

## Início rápido: integração com chave de API

Disponível nos planos com **acesso à API**. Com uma chave, um sistema da sua empresa (ERP, planilha, script) lê e grava os laudos **da sua empresa**, como o gestor os vê — e nada mais: rotas de conta, de equipe, de administração e das próprias chaves respondem 401 a uma chave.

1. **Crie uma chave.** Entre como gestor, abra **Minha empresa → Chaves de API → Nova chave**, dê um nome (por exemplo, "Integração do ERP") e copie a chave: ela aparece **uma única vez** (guardamos só o seu hash). Guarde-a como uma senha; se vazar, revogue-a na mesma tela e crie outra.
2. **Envie a chave em toda chamada**, no cabeçalho \`Authorization\`:

\`\`\`sh
export LAUDOS_CHAVE='laudos_…'   # a chave copiada
\`\`\`

**Listar os laudos** (filtros e páginas como em \`GET /api/laudos\`):

\`\`\`sh
curl -H "Authorization: Bearer $LAUDOS_CHAVE" "${base}/api/laudos?status=vencendo&porPagina=50"
\`\`\`

**Criar um laudo** (\`tipo\` vem de \`GET /api/tipos-laudo\`; \`email_cliente\` é opcional e, se informado, deve ser de alguém da empresa com e-mail confirmado):

\`\`\`sh
curl -X POST -H "Authorization: Bearer $LAUDOS_CHAVE" -H "Content-Type: application/json" \\
  -d '{"nome":"SPDA Galpão 2","codigo":"SPDA-2026-014","tipo":"SPDA","data_vencimento":"2027-03-31"}' \\
  "${base}/api/laudos"
\`\`\`

**Enviar o PDF do laudo** (multipart, campo \`arquivo\`; \`pdf\` ou \`excel\`):

\`\`\`sh
curl -X POST -H "Authorization: Bearer $LAUDOS_CHAVE" -F "arquivo=@laudo.pdf;type=application/pdf" \\
  "${base}/api/laudos/ID_DO_LAUDO/arquivos/pdf"
\`\`\`

**Baixar o PDF:** \`curl -OJ -H "Authorization: Bearer $LAUDOS_CHAVE" "${base}/api/laudos/ID_DO_LAUDO/arquivos/pdf/download"\`

Respostas de erro: \`{ "error": { "code": "…", "message": "…" } }\`. \`401 CHAVE_API_INVALIDA\`: chave errada, revogada ou de empresa desativada. \`401 CHAVE_API_NAO_ACEITA\`: a rota não aceita chave. \`403 RECURSO_FORA_DO_PLANO\`: o plano da empresa não inclui mais acesso à API. \`429 MUITAS_TENTATIVAS\`: limite de chamadas por minuto da chave (veja o cabeçalho \`Retry-After\`).`;
}

type Documento = { paths?: Record<string, Record<string, Record<string, unknown>>> };

/**
 * The OpenAPI document with each operation's `x-access` (and `x-recurso`, `x-chave-api`) taken
 * from the same route config the access hook enforces, and its security: the session cookie, and
 * a Bearer API key where the route accepts one.
 */
function comAcessos(doc: Documento, accessByRoute: Map<string, Acesso>): Documento {
  const byPath = new Map<string, Acesso>();
  for (const [key, access] of accessByRoute) {
    const [method, url] = key.split(' ') as [string, string];
    byPath.set(`${method.toLowerCase()} ${toOpenApiPath(url)}`, access);
  }
  for (const [p, operations] of Object.entries(doc.paths ?? {})) {
    for (const [method, operation] of Object.entries(operations)) {
      const acesso = byPath.get(`${method} ${p}`);
      if (!acesso) continue;
      operation['x-access'] = acesso.access;
      if (acesso.recurso) operation['x-recurso'] = acesso.recurso;
      if (acesso.chaveApi) operation['x-chave-api'] = true;
      operation.security =
        acesso.access === 'public'
          ? []
          : acesso.chaveApi
            ? [{ bearerAuth: [] }, { sessionCookie: [] }]
            : [{ sessionCookie: [] }];
    }
  }
  return doc;
}

/**
 * GET /api/openapi.json: the OpenAPI 3 document of every API route; GET /api/docs: the same
 * document in Swagger UI, with the quick start above.
 */
export const openapiRoutes: FastifyPluginAsync<{ accessByRoute: Map<string, Acesso> }> = async (
  app,
  { accessByRoute },
) => {
  const documento = (instance: FastifyInstance) => comAcessos(instance.swagger() as Documento, accessByRoute);

  app.get(
    '/api/openapi.json',
    { config: { access: 'public' }, schema: { tags: ['sistema'], summary: 'Este documento OpenAPI' } },
    async () => documento(app),
  );

  // Its routes take no config of their own: app.ts's onRoute marks everything under DOCS_PREFIX
  // public. The viewer's assets are the package's own files (no CDN); helmet's CSP covers them.
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    uiConfig: { docExpansion: 'list', deepLinking: true, defaultModelsExpandDepth: 0, filter: true },
    validatorUrl: false,
    // The viewer's top bar (a URL box and the plugin's logo) means nothing to a client: hidden.
    theme: {
      title: 'Laudos — documentação da API',
      css: [{ filename: 'laudos.css', content: '.swagger-ui .topbar { display: none; }' }],
    },
    transformSpecification: (spec) => comAcessos(spec as Documento, accessByRoute),
  });
};

import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { origemDoPedido } from './auditoria/registrar.ts';
import type { Auth } from './auth/auth.ts';
import { authRoutes } from './auth/routes.ts';
import { requireAdmin, requireUser } from './auth/session.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle, Db } from './db/client.ts';
import { isDatabaseUnavailable } from './db/errors.ts';
import type { EmailService } from './email/delivery.ts';
import type { Acesso } from './http/access.ts';
import { AppError, camposDaValidacao, corpoDoErro, dadosInvalidos, type Erro, erro } from './http/errors.ts';
import { requisicaoParaLog } from './http/log-url.ts';
import { originRefusal } from './http/origin.ts';
import { hitRateLimit, limits, TooManyAttempts } from './http/rate-limit.ts';
import { serializerCompiler } from './http/serializer.ts';
import type { Jobs } from './jobs/boss.ts';
import { processLogOutput } from './log-output.ts';
import { auditoriaRoutes } from './modules/auditoria/routes.ts';
import { avisosRoutes } from './modules/avisos/routes.ts';
import { blogRoutes } from './modules/blog/routes.ts';
import { calendarioRoutes } from './modules/calendario/routes.ts';
import { chavesApiAdminRoutes, chavesApiRoutes } from './modules/chaves-api/routes.ts';
import { autenticarChaveApi } from './modules/chaves-api/service.ts';
import { contaRoutes } from './modules/conta/routes.ts';
import { emailAdminRoutes } from './modules/emails/routes.ts';
import { sesWebhookRoutes } from './modules/emails/ses-webhook-routes.ts';
import { empresasAdminRoutes, pedidoEmpresaRoutes } from './modules/empresas/routes.ts';
import { equipamentosRoutes } from './modules/equipamentos/routes.ts';
import { conviteRoutes, equipeRoutes, equipesAdminRoutes } from './modules/equipes/routes.ts';
import { exportacaoRoutes } from './modules/exportacao/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { importacaoRoutes } from './modules/importacao/routes.ts';
import { laudosRoutes } from './modules/laudos/routes.ts';
import { marcaAdminRoutes, marcaRoutes } from './modules/marca/routes.ts';
import { meRoutes } from './modules/me/routes.ts';
import type { NotificationScheduler } from './modules/notificacoes/agendador.ts';
import { notificacoesAdminRoutes, notificacoesRoutes } from './modules/notificacoes/routes.ts';
import { exigirRecurso } from './modules/planos/recursos.ts';
import { planosAdminRoutes, planosRoutes } from './modules/planos/routes.ts';
import { preferenciasRoutes, ROTA_DO_DESCADASTRO } from './modules/preferencias/routes.ts';
import { relatoriosRoutes } from './modules/relatorios/routes.ts';
import { renovacoesRoutes } from './modules/renovacoes/routes.ts';
import { respostasRoutes } from './modules/respostas/routes.ts';
import { settingsRoutes } from './modules/settings/routes.ts';
import { loadWebBuild, registerSeoRoutes, sendPage } from './modules/site/public-site.ts';
import { suporteAdminRoutes, suporteRoutes } from './modules/suporte/routes.ts';
import { usuariosAdminRoutes } from './modules/usuarios/routes.ts';
import { whatsappAdminRoutes, whatsappRoutes, whatsappWebhookRoutes } from './modules/whatsapp/routes.ts';
import { DOCS_PREFIX, descricaoDaApi, openapiRoutes } from './openapi.ts';
import type { SettingsStore } from './settings/store.ts';
import type { FileStorage } from './storage/storage.ts';

/** Everything a route may need, built once at start-up (see main.ts) and decorated on the app. */
export interface AppContext {
  readonly config: Config;
  readonly database: DatabaseHandle;
  readonly db: Db;
  readonly auth: Auth;
  readonly jobs: Jobs;
  readonly email: EmailService;
  readonly storage: FileStorage;
  readonly notificacoes: NotificationScheduler;
  readonly settings: SettingsStore;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

export interface BuildAppOptions {
  logger?: FastifyServerOptions['logger'];
}

/** Loads the plugins in order: infrastructure, then access control, then the routes. */
export async function buildApp(ctx: AppContext, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const { config } = ctx;
  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
        censor: '[oculto]',
      },
      // The tokens of e-mailed links travel in some addresses: masked in the logs.
      serializers: { req: requisicaoParaLog },
      stream: processLogOutput(),
    },
    trustProxy: config.trustProxy,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{1,100}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // A malformed or overlong address is answered before routing: in the error shape too.
    frameworkErrors: (error, _request, reply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      (reply as FastifyReply).code(tooLong ? 414 : 400).send({
        error: tooLong ? corpoDoErro('enderecoLongoDemais').error : corpoDoErro('enderecoInvalido').error,
      });
    },
  }).withTypeProvider<ZodTypeProvider>();

  // An empty JSON body is an empty object, not an error (a POST with nothing to say).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: 1024 * 1024 },
    (_req, body, done) => {
      const text = String(body);
      if (text.trim() === '') return done(null, {});
      try {
        done(null, JSON.parse(text));
      } catch {
        const err = new Error('invalid json') as Error & { statusCode: number; code: string };
        err.statusCode = 400;
        err.code = 'FST_ERR_CTP_INVALID_JSON_BODY';
        done(err, undefined);
      }
    },
  );

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('ctx', ctx);
  app.decorateRequest('sessionUser', undefined);
  app.decorateRequest('renewedSessionCookies', undefined);
  // The session check may have renewed the session (auth/session.ts): its cookie goes with the reply.
  app.addHook('onSend', async (request, reply) => {
    const renewed = request.renewedSessionCookies;
    if (!renewed) return;
    const current = reply.getHeader('set-cookie');
    const already = current === undefined ? [] : Array.isArray(current) ? current : [String(current)];
    reply.header('set-cookie', [...already, ...renewed]);
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // A state-changing call must come from our own pages (http/origin.ts says which origin that
    // is; Better Auth checks its own paths too, against the same origin: auth/routes.ts).
    // (An OpenID Connect provider may post its answer back to the callback.)
    // The route that answers, not the raw URL: '/%61pi/laudos' is routed to /api/laudos too. The
    // callback exemption reads the path as Better Auth will (dot segments resolved).
    const route = request.routeOptions.url ?? request.url;
    if (
      !['GET', 'HEAD', 'OPTIONS'].includes(request.method) &&
      route.startsWith('/api/') &&
      // Amazon SNS posts SES notifications here: no browser, no Origin; its signature is the check.
      route !== '/api/webhooks/ses' &&
      !/^\/api\/auth\/callback\//.test(resolvedPath(request.url, config.publicUrl)) &&
      // The one-click unsubscribe (RFC 8058) is posted by the mail provider, from no page of ours;
      // it takes no session and its signed token is the credential (decision 035).
      !(request.method === 'POST' && route === ROTA_DO_DESCADASTRO)
    ) {
      const refusal = originRefusal(config, request);
      if (refusal) throw refusal;
    }
  });

  // Text the database cannot store (NUL, lone surrogates) and nesting no handler needs are bad
  // input, refused before any handler or driver sees them (they would otherwise end in a 500).
  app.addHook('preValidation', async (request) => {
    for (const part of [request.body, request.query, request.params]) {
      const problem = unsafeInput(part);
      if (problem) throw erro('dadosInvalidos', problem);
    }
  });

  // Every API route must say who may call it; a route without it does not start.
  const accessByRoute = new Map<string, Acesso>();
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    // The documentation viewer's pages and assets (a plugin that takes no route config): public.
    if (route.url === DOCS_PREFIX || route.url.startsWith(`${DOCS_PREFIX}/`))
      route.config = { ...route.config, access: route.config?.access ?? 'public' };
    const access = route.config?.access;
    if (!access) throw new Error(`Rota ${String(route.method)} ${route.url} sem config.access`);
    const recurso = route.config?.recurso;
    const chaveApi = route.config?.chaveApi === true;
    if (chaveApi && access !== 'user')
      throw new Error(`Rota ${String(route.method)} ${route.url}: chaveApi só em rotas de access 'user'`);
    for (const method of [route.method].flat())
      accessByRoute.set(`${method} ${route.url}`, {
        access,
        ...(recurso ? { recurso } : {}),
        ...(chaveApi ? { chaveApi } : {}),
      });
  });

  const isHttps = config.publicUrl.startsWith('https://');
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'img-src': ["'self'", 'data:', 'https:'],
        'connect-src': ["'self'"],
        'upgrade-insecure-requests': isHttps ? [] : null,
      },
    },
    hsts: isHttps,
    crossOriginEmbedderPolicy: false,
  });
  // Pages, JSON and the web app's scripts and styles go compressed. (Already compressed files, PDFs
  // and images, are left.) Measured on a list page of 20 laudos (15 KB) and of 100 (76 KB), this
  // machine: brotli quality 4 takes 0.14 / 0.33 ms for 1,457 / 5,541 bytes, quality 5 0.19 / 0.54 ms
  // for 1,447 / 5,572. Every buffered reply up to 256 KB (above our largest JSON page) is compressed
  // on the synchronous path: the plugin's default on 2 cores (8 KB) sent a 15 KB list through its
  // stream path, ~0.9 ms of CPU a request (issue 15). Streams (files) stay streams.
  await app.register(compress, {
    threshold: 1024,
    syncThreshold: 256 * 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(multipart, { limits: { files: 1, fields: 20 } });
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Laudos API',
        description: descricaoDaApi(config.publicUrl),
        version: '0.1.0',
      },
      servers: [{ url: config.publicUrl }],
      components: {
        securitySchemes: {
          sessionCookie: { type: 'apiKey', in: 'cookie', name: 'better-auth.session_token' },
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description: 'Chave de API da empresa (`laudos_…`), criada pelo gestor em Minha empresa.',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });

  // Access control, next to the route: `user` and `admin` are checked as the request arrives,
  // before its body is even parsed (a visitor learns nothing from validation errors).
  app.addHook('onRequest', async (request) => {
    const { access, allowFirstAccess, deniedMessage, recurso, chaveApi } = request.routeOptions.config;
    // An API key (decision 024) reaches only the routes that opt in; it never reads the cookie, so a
    // request that carries both is the key's. Its company's plan is checked on every request.
    const chave = access ? chaveDoPedido(request) : null;
    if (chave !== null) {
      if (!chaveApi) throw erro('chaveApiNaoAceita');
      const user = await autenticarChaveApi(ctx.db, chave);
      request.sessionUser = { ...user, origem: origemDoPedido(request) };
      await hitRateLimit(ctx.db, limits.apiKey(user.chaveApi!.id, config.rateLimits.apiKeyPerMinute));
      if (recurso) await exigirRecurso(ctx.db, user, recurso);
      return;
    }
    if (access === 'user') await requireUser(ctx.auth, ctx.db, request, { allowFirstAccess });
    else if (access === 'admin')
      await requireAdmin(ctx.auth, ctx.db, ctx.settings, request, { allowFirstAccess, deniedMessage });
    // The audit log records where each change came from (src/auditoria).
    if (request.sessionUser) request.sessionUser.origem = origemDoPedido(request);
    // A paid feature: the plan in force must include it (the one check, modules/planos/recursos.ts).
    if (recurso && request.sessionUser) await exigirRecurso(ctx.db, request.sessionUser, recurso);
  });

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (
      isDatabaseUnavailable(error) ||
      (error instanceof AppError && error.status >= 500 && isDatabaseUnavailable(error.cause))
    ) {
      request.log.warn({ err: error }, 'banco de dados indisponível');
      return reply.code(503).header('retry-after', '5').send(corpoDoErro('servicoIndisponivel'));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      error = dadosInvalidos(camposDaValidacao(error.validation));
    }
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error.cause ?? error }, error.message);
      // Every refusal for too many attempts says how long to wait, in the message and the header.
      if (error instanceof TooManyAttempts) reply.header('retry-after', String(error.retryAfterSeconds));
      const { code, message, campos } = error;
      return reply.code(error.status).send({ error: campos ? { code, message, campos } : { code, message } });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'erro inesperado');
      return reply.code(500).send(corpoDoErro('erroInterno'));
    }
    const known: Record<string, Erro> = {
      FST_ERR_CTP_INVALID_JSON_BODY: 'jsonInvalido',
      FST_ERR_CTP_EMPTY_JSON_BODY: 'jsonVazio',
      FST_ERR_CTP_BODY_TOO_LARGE: 'corpoGrandeDemais',
      FST_ERR_CTP_INVALID_MEDIA_TYPE: 'tipoNaoSuportado',
      FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'tamanhoDoCorpoInvalido',
      FST_ERR_VALIDATION: 'dadosInvalidos',
    };
    return reply.code(status).send(corpoDoErro(known[error.code] ?? 'requisicaoInvalida'));
  });

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(meRoutes);
  await app.register(contaRoutes);
  await app.register(settingsRoutes);
  await app.register(planosRoutes);
  await app.register(planosAdminRoutes);
  await app.register(usuariosAdminRoutes);
  await app.register(empresasAdminRoutes);
  await app.register(pedidoEmpresaRoutes);
  await app.register(equipeRoutes);
  await app.register(equipesAdminRoutes);
  await app.register(conviteRoutes);
  await app.register(chavesApiRoutes);
  await app.register(chavesApiAdminRoutes);
  await app.register(marcaRoutes);
  await app.register(marcaAdminRoutes);
  await app.register(emailAdminRoutes);
  await app.register(sesWebhookRoutes);
  await app.register(laudosRoutes);
  await app.register(equipamentosRoutes);
  await app.register(auditoriaRoutes);
  await app.register(exportacaoRoutes);
  await app.register(importacaoRoutes);
  await app.register(relatoriosRoutes);
  await app.register(suporteRoutes);
  await app.register(suporteAdminRoutes);
  await app.register(respostasRoutes);
  await app.register(avisosRoutes);
  await app.register(preferenciasRoutes);
  await app.register(renovacoesRoutes);
  await app.register(notificacoesAdminRoutes);
  await app.register(notificacoesRoutes);
  await app.register(blogRoutes);
  await app.register(calendarioRoutes);
  await app.register(whatsappRoutes);
  await app.register(whatsappAdminRoutes);
  await app.register(whatsappWebhookRoutes);
  await app.register(openapiRoutes, { accessByRoute });

  await registerWebApp(app, config);
  return app;
}

/** The key of an `Authorization: Bearer …` header, or null when the request carries none. */
function chaveDoPedido(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer(?:\s+(.*))?$/i.exec(header.trim());
  return match ? (match[1] ?? '').trim() : null;
}

const MAX_INPUT_DEPTH = 32;
const MAX_PARAM_LENGTH = 200;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a parsed body, query or params object is refused, or null (walked without recursion). */
function unsafeInput(value: unknown): string | null {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000') || LONE_SURROGATE.test(current))
        return 'Dados inválidos: o texto enviado tem caracteres não permitidos.';
    } else if (current !== null && typeof current === 'object') {
      if (depth >= MAX_INPUT_DEPTH) return 'Dados inválidos: estrutura aninhada demais.';
      for (const [key, item] of Object.entries(current)) stack.push([key, depth + 1], [item, depth + 1]);
    }
  }
  return null;
}

/** The path of a request URL with its dot segments resolved, as a WHATWG URL parser reads it. */
function resolvedPath(url: string, base: string): string {
  try {
    return new URL(url, base).pathname;
  } catch {
    return url;
  }
}

/**
 * Serves the built web app: the public pages rendered on the server, the app's index.html for its
 * own routes, the static assets, sitemap.xml and robots.txt (src/modules/site/public-site.ts).
 */
async function registerWebApp(app: FastifyInstance, config: Config) {
  const build = await loadWebBuild(config);
  if (build) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      wildcard: false,
      index: false,
      // index.html is sent with the firm's settings written in (sendPage), never as a file.
      allowedPath: (pathName) => pathName !== '/index.html' && !pathName.startsWith('/.vite/'),
      setHeaders(res, filePath) {
        // Vite's hashed assets never change; everything else is revalidated.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        } else {
          res.header('cache-control', 'no-cache');
        }
      },
    });
  }
  registerSeoRoutes(app, build, config);
  // Every other GET is a page (a route, not the not-found handler, so responses are compressed
  // like any route's); the files above and the API routes match first.
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    if (request.url.startsWith('/api')) {
      // An API path lands here when no route matched, also when an id was longer than the router
      // takes (maxParamLength): say which.
      const tooLong = request.url
        .split('?')[0]
        ?.split('/')
        .some((segment) => segment.length > MAX_PARAM_LENGTH);
      return tooLong
        ? reply.code(414).send(corpoDoErro('enderecoLongoDemais'))
        : reply.code(404).send(corpoDoErro('rotaNaoEncontrada'));
    }
    if (build) return sendPage(app, build, request, reply);
    return reply
      .code(503)
      .type('text/plain; charset=utf-8')
      .send('A interface web ainda não foi compilada. Rode "npm run build" e reinicie o servidor.');
  });
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !url.startsWith('/api');
    if (wantsPage && build) return sendPage(app, build, request, reply);
    if (wantsPage) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('A interface web ainda não foi compilada. Rode "npm run build" e reinicie o servidor.');
    }
    return reply.code(404).send(corpoDoErro('rotaNaoEncontrada'));
  });
}

import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { serverRoot } from './paths.ts';

/**
 * The environment, parsed once. Nothing else in the server reads process.env: everything takes
 * a `Config`. A bad environment fails at boot with every problem listed at once.
 */
const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());

/** An SNS topic's ARN (arn:aws:sns:region:account:name; aws-cn and aws-us-gov partitions too). */
const SNS_TOPIC_ARN = /^arn:aws(?:-[a-z]+)*:sns:[a-z0-9-]+:\d{12}:[\w-]{1,256}$/;

function isValidTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

const envSchema = z
  .object({
    NODE_ENV: z.preprocess(
      emptyToUndefined,
      z.enum(['development', 'production', 'test']).default('production'),
    ),
    HOST: z.preprocess(emptyToUndefined, z.string().default('0.0.0.0')),
    PORT: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number({ error: 'deve ser um número' })
        .int('deve ser um número inteiro')
        .min(0, 'deve estar entre 0 e 65535')
        .max(65535, 'deve estar entre 0 e 65535')
        .default(3000),
    ),
    PUBLIC_URL: z.preprocess(
      emptyToUndefined,
      z.url({ error: 'deve ser uma URL (ex.: https://laudos.exemplo.com.br)' }).optional(),
    ),
    DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
    DATABASE_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'deve ser uma URL postgres:// ou postgresql://')
        .optional(),
    ),
    APP_TIMEZONE: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .default('America/Sao_Paulo')
        .refine(isValidTimeZone, 'fuso horário IANA desconhecido (ex.: America/Sao_Paulo)'),
    ),
    AUTH_SECRET: z.preprocess(
      emptyToUndefined,
      z.string().min(32, 'deve ter pelo menos 32 caracteres').optional(),
    ),
    ADMIN_EMAIL: z.preprocess(emptyToUndefined, z.email({ error: 'deve ser um e-mail válido' }).optional()),
    ADMIN_PASSWORD: z.preprocess(
      emptyToUndefined,
      z.string().min(8, 'deve ter pelo menos 8 caracteres').optional(),
    ),
    ADMIN_NAME: z.preprocess(emptyToUndefined, z.string().default('Administrador')),
    LOG_LEVEL: z.preprocess(
      emptyToUndefined,
      z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    ),
    TRUST_PROXY: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).default('false')),
    JOBS: z.preprocess(emptyToUndefined, z.enum(['on', 'off']).default('on')),
    WEB_DIST_DIR: optionalString,
    EMAIL_TRANSPORT: z.preprocess(
      emptyToUndefined,
      z.enum(['outbox', 'smtp', 'ses'], { error: 'deve ser outbox, smtp ou ses' }).default('outbox'),
    ),
    EMAIL_FROM: z.preprocess(emptyToUndefined, z.string().default('Laudos <nao-responda@laudos.local>')),
    EMAIL_REPLY_TO: optionalString,
    EMAIL_RATE_PER_SECOND: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number({ error: 'deve ser um número' })
        .positive('deve ser maior que zero')
        .max(1000)
        .default(0.5),
    ),
    EMAIL_RETRY_LIMIT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(50).default(12)),
    EMAIL_RETRY_DELAY_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(15)),
    EMAIL_RETRY_DELAY_MAX_SECONDS: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(1).default(1800),
    ),
    EMAIL_SEND_TIMEOUT_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(5).default(120)),
    SMTP_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(
          /^smtps?:\/\//,
          'deve ser uma URL smtp:// ou smtps:// (ex.: smtp://usuario:senha@smtp.exemplo.com:587)',
        )
        .optional(),
    ),
    SES_REGION: z.preprocess(emptyToUndefined, z.string().default('us-east-1')),
    SES_ENDPOINT: z.preprocess(emptyToUndefined, z.url({ error: 'deve ser uma URL' }).optional()),
    SES_CONFIGURATION_SET: optionalString,
    /** SNS topics whose SES bounce/complaint notifications POST /api/webhooks/ses accepts (comma list). */
    SES_SNS_TOPIC_ARNS: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .transform((v) =>
          v
            .split(',')
            .map((t) => t.trim())
            .filter(Boolean),
        )
        .refine((arns) => arns.every((arn) => SNS_TOPIC_ARN.test(arn)), {
          error:
            'deve ser uma lista de ARNs de tópicos do SNS (arn:aws:sns:região:conta:nome), separados por vírgula',
        })
        .default([]),
    ),
    // WhatsApp Business Cloud API (decision 037): the channel is on only with all four set.
    WHATSAPP_API_URL: z.preprocess(
      emptyToUndefined,
      z.url({ error: 'deve ser uma URL' }).default('https://graph.facebook.com/v21.0'),
    ),
    WHATSAPP_PHONE_NUMBER_ID: optionalString,
    WHATSAPP_TOKEN: optionalString,
    WHATSAPP_APP_SECRET: optionalString,
    WHATSAPP_VERIFY_TOKEN: optionalString,
    TEMP_PASSWORD_TTL_DAYS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(90).default(7)),
    RATE_LIMIT_SIGNIN_PER_IP: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(1).max(100_000).default(40),
    ),
    RATE_LIMIT_SIGNIN_PER_EMAIL: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(1).max(100_000).default(8),
    ),
    RATE_LIMIT_SIGNIN_PER_ACCOUNT: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(1).max(100_000).default(50),
    ),
    RATE_LIMIT_SIGNIN_ACCOUNT_PACE_SECONDS: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(1).max(3600).default(10),
    ),
    RATE_LIMIT_SIGNUP_PER_IP: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(1).max(100_000).default(10),
    ),
    RATE_LIMIT_LINKS_PER_IP: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(1).max(100_000).default(20),
    ),
    RATE_LIMIT_API_KEY_PER_MINUTE: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(1).max(100_000).default(120),
    ),
    GOOGLE_CLIENT_ID: optionalString,
    GOOGLE_CLIENT_SECRET: optionalString,
    GOOGLE_DISCOVERY_URL: z.preprocess(
      emptyToUndefined,
      z
        .url({ error: 'deve ser uma URL' })
        .default('https://accounts.google.com/.well-known/openid-configuration'),
    ),
    MICROSOFT_CLIENT_ID: optionalString,
    MICROSOFT_CLIENT_SECRET: optionalString,
    MICROSOFT_TENANT_ID: z.preprocess(emptyToUndefined, z.string().default('common')),
    MICROSOFT_DISCOVERY_URL: z.preprocess(emptyToUndefined, z.url({ error: 'deve ser uma URL' }).optional()),
    // Where uploaded files live (decision 038): the local disk under DATA_DIR, or an S3 bucket.
    STORAGE: z.preprocess(
      emptyToUndefined,
      z.enum(['disk', 's3'], { error: 'deve ser disk ou s3' }).default('disk'),
    ),
    S3_BUCKET: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(
          /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
          'deve ser um nome de bucket S3 (3 a 63 letras minúsculas, números, . ou -)',
        )
        .optional(),
    ),
    S3_REGION: z.preprocess(emptyToUndefined, z.string().default('us-east-1')),
    S3_ENDPOINT: z.preprocess(
      emptyToUndefined,
      z.url({ error: 'deve ser uma URL (ex.: https://s3.exemplo.com.br)' }).optional(),
    ),
    S3_FORCE_PATH_STYLE: z.preprocess(
      emptyToUndefined,
      z.enum(['true', 'false'], { error: 'deve ser true ou false' }).default('false'),
    ),
    // Read by the AWS SDK's default chain too; held here only to hand them over when both are set.
    AWS_ACCESS_KEY_ID: optionalString,
    AWS_SECRET_ACCESS_KEY: optionalString,
    JOBS_SUPERVISE_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(60)),
    SETTINGS_REFRESH_SECONDS: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number({ error: 'deve ser um número' })
        .int('deve ser um número inteiro')
        .min(1, 'deve ser pelo menos 1')
        // A timer longer than 2^31 ms would fire at once, over and over.
        .max(86_400, 'deve ser no máximo 86400 (um dia)')
        .default(60),
    ),
    WORKERS: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number({ error: 'deve ser um número' })
        .int('deve ser um número inteiro')
        .min(1, 'deve ser pelo menos 1')
        .max(256, 'deve ser no máximo 256')
        .optional(),
    ),
  })
  .superRefine((env, ctx) => {
    for (const p of ['GOOGLE', 'MICROSOFT'] as const) {
      if (Boolean(env[`${p}_CLIENT_ID`]) !== Boolean(env[`${p}_CLIENT_SECRET`])) {
        ctx.addIssue({
          code: 'custom',
          path: [`${p}_CLIENT_SECRET`],
          message: `${p}_CLIENT_ID e ${p}_CLIENT_SECRET devem ser informados juntos`,
        });
      }
    }
    if (env.EMAIL_TRANSPORT === 'smtp' && !env.SMTP_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['SMTP_URL'],
        message: 'é obrigatório quando EMAIL_TRANSPORT=smtp',
      });
    }
    if (!/^(?:[^<>\r\n]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/.test(env.EMAIL_FROM)) {
      ctx.addIssue({
        code: 'custom',
        path: ['EMAIL_FROM'],
        message: 'deve ser um e-mail, ou "Nome <email@dominio>"',
      });
    }
    if (env.STORAGE === 's3' && !env.S3_BUCKET) {
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'é obrigatório quando STORAGE=s3' });
    }
    if (Boolean(env.AWS_ACCESS_KEY_ID) !== Boolean(env.AWS_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['AWS_SECRET_ACCESS_KEY'],
        message: 'AWS_ACCESS_KEY_ID e AWS_SECRET_ACCESS_KEY devem ser informados juntos',
      });
    }
    // One process owns the embedded database's folder (db/lock.ts): a second would be refused.
    if (env.WORKERS !== undefined && env.WORKERS > 1 && !env.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['WORKERS'],
        message:
          'com o banco embutido (PGlite) o servidor roda em um só processo: use WORKERS=1, ou DATABASE_URL (PostgreSQL) para mais de um',
      });
    }
  });

export interface Config {
  readonly nodeEnv: 'development' | 'production' | 'test';
  readonly host: string;
  readonly port: number;
  /** PUBLIC_URL, or http://localhost:PORT when it is not set (links in e-mails always use this). */
  readonly publicUrl: string;
  /**
   * True when PUBLIC_URL was set: only its origin may post to the API. When it is not set, a page
   * opened at the server's own local address (127.0.0.1, a LAN address) may too (http/origin.ts).
   */
  readonly publicUrlSet: boolean;
  readonly dataDir: string;
  readonly databaseUrl: string | undefined;
  readonly timeZone: string;
  readonly authSecret: string;
  readonly admin: {
    /** ADMIN_EMAIL; without it the seed uses admin@laudos.local (also when ADMIN_PASSWORD is set). */
    readonly email: string | undefined;
    readonly password: string | undefined;
    readonly nome: string;
  };
  readonly logLevel: string;
  readonly trustProxy: boolean;
  readonly jobsEnabled: boolean;
  /**
   * Server processes `npm start` runs (main.ts; Node's cluster when more than 1). Default: 1 on
   * PGlite (one process owns its folder), one per core on PostgreSQL in production (NODE_ENV's
   * default), 1 in development and tests.
   */
  readonly workers: number;
  readonly webDistDir: string;
  readonly jobsSuperviseSeconds: number;
  /**
   * On PostgreSQL, how often each instance checks the settings for a change no notification
   * brought (a lost one, an edit by hand): the safety net behind the change feed (decision 043).
   */
  readonly settingsRefreshSeconds: number;
  readonly tempPasswordTtlDays: number;
  /** Abuse limits (decision 012). Sign-in counts are per 15 minutes, sign-ups per hour. */
  readonly rateLimits: {
    /** Failed sign-ins from one IP, any accounts (all attempts: ten times this). Raise it for a NAT. */
    readonly signInPerIp: number;
    /** Failed sign-ins for one e-mail from one IP; that pair then waits out the window. */
    readonly signInPerEmail: number;
    /** Failed sign-ins for one e-mail from every IP; past it the account is paced, not closed. */
    readonly signInPerAccount: number;
    /** A paced account takes one attempt per this many seconds, except from where it signed in lately. */
    readonly signInAccountPaceSeconds: number;
    readonly signUpPerIp: number;
    /**
     * Requests per IP per hour that send or open an e-mailed link: password resets, e-mail
     * confirmations, invitations, answers to reminders.
     */
    readonly linksPerIp: number;
    /** Requests one API key may make per minute (429 past it). */
    readonly apiKeyPerMinute: number;
  };
  readonly social: {
    readonly google: {
      readonly clientId: string;
      readonly clientSecret: string;
      readonly discoveryUrl: string;
    } | null;
    readonly microsoft: {
      readonly clientId: string;
      readonly clientSecret: string;
      readonly discoveryUrl: string;
    } | null;
  };
  readonly email: {
    readonly transport: 'outbox' | 'smtp' | 'ses';
    readonly from: string;
    readonly replyTo: string | undefined;
    readonly ratePerSecond: number;
    readonly retryLimit: number;
    readonly retryDelaySeconds: number;
    readonly retryDelayMaxSeconds: number;
    readonly sendTimeoutSeconds: number;
    readonly smtpUrl: string | undefined;
    readonly ses: {
      readonly region: string;
      readonly endpoint: string | undefined;
      readonly configurationSet: string | undefined;
      /** SES_SNS_TOPIC_ARNS; empty: the bounce/complaint webhook is off. */
      readonly snsTopicArns: readonly string[];
    };
  };
  /**
   * Where uploaded files live (decision 038): `disk` under DATA_DIR/storage/laudos (the default),
   * or `s3`, a bucket of S3 or an S3-compatible store. Credentials: the AWS default chain, or the
   * AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY pair of this environment when both are set.
   */
  readonly storage:
    | { readonly backend: 'disk' }
    | {
        readonly backend: 's3';
        readonly bucket: string;
        readonly region: string;
        readonly endpoint: string | undefined;
        readonly forcePathStyle: boolean;
        readonly credentials: { readonly accessKeyId: string; readonly secretAccessKey: string } | undefined;
      };
  /** WhatsApp Business Cloud API (decision 037); null when not configured (the channel is off). */
  readonly whatsapp: {
    readonly apiUrl: string;
    readonly phoneNumberId: string;
    readonly token: string;
    readonly appSecret: string;
    readonly verifyToken: string;
  } | null;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configuração inválida:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

/** Parses the environment without touching the disk. Throws ConfigError listing every problem. */
export function parseEnv(env: Env) {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const key = issue.path.join('.') || '(ambiente)';
      const value = env[String(issue.path[0])];
      const shown =
        value === undefined || /SECRET|PASSWORD|TOKEN|SMTP_URL|DATABASE_URL|AWS_ACCESS_KEY_ID/.test(key)
          ? ''
          : ` (valor atual: "${value}")`;
      return `${key}: ${issue.message}${shown}`;
    });
    throw new ConfigError(problems);
  }
  return result.data;
}

const defaultWebDist = path.resolve(serverRoot, '../web/dist');

/**
 * Builds the frozen Config. When AUTH_SECRET is not given, a random one is generated once and kept
 * in DATA_DIR (mode 0600) so sessions survive restarts.
 */
export function loadConfig(env: Env = process.env): Config {
  const e = parseEnv(env);
  const dataDir = path.resolve(e.DATA_DIR);
  const authSecret = e.AUTH_SECRET ?? readOrCreateSecret(dataDir);
  return Object.freeze({
    nodeEnv: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    publicUrlSet: e.PUBLIC_URL !== undefined,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    timeZone: e.APP_TIMEZONE,
    authSecret,
    admin: Object.freeze({
      email: e.ADMIN_EMAIL?.toLowerCase(),
      password: e.ADMIN_PASSWORD,
      nome: e.ADMIN_NAME,
    }),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY === 'true',
    jobsEnabled: e.JOBS === 'on',
    // One per core only where it serves users: `npm run dev` and the tests stay one process.
    workers: e.WORKERS ?? (e.DATABASE_URL && e.NODE_ENV === 'production' ? availableParallelism() : 1),
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : defaultWebDist,
    jobsSuperviseSeconds: e.JOBS_SUPERVISE_SECONDS,
    settingsRefreshSeconds: e.SETTINGS_REFRESH_SECONDS,
    tempPasswordTtlDays: e.TEMP_PASSWORD_TTL_DAYS,
    rateLimits: Object.freeze({
      signInPerIp: e.RATE_LIMIT_SIGNIN_PER_IP,
      signInPerEmail: e.RATE_LIMIT_SIGNIN_PER_EMAIL,
      signInPerAccount: e.RATE_LIMIT_SIGNIN_PER_ACCOUNT,
      signInAccountPaceSeconds: e.RATE_LIMIT_SIGNIN_ACCOUNT_PACE_SECONDS,
      signUpPerIp: e.RATE_LIMIT_SIGNUP_PER_IP,
      linksPerIp: e.RATE_LIMIT_LINKS_PER_IP,
      apiKeyPerMinute: e.RATE_LIMIT_API_KEY_PER_MINUTE,
    }),
    social: Object.freeze({
      google:
        e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
          ? {
              clientId: e.GOOGLE_CLIENT_ID,
              clientSecret: e.GOOGLE_CLIENT_SECRET,
              discoveryUrl: e.GOOGLE_DISCOVERY_URL,
            }
          : null,
      microsoft:
        e.MICROSOFT_CLIENT_ID && e.MICROSOFT_CLIENT_SECRET
          ? {
              clientId: e.MICROSOFT_CLIENT_ID,
              clientSecret: e.MICROSOFT_CLIENT_SECRET,
              discoveryUrl:
                e.MICROSOFT_DISCOVERY_URL ??
                `https://login.microsoftonline.com/${e.MICROSOFT_TENANT_ID}/v2.0/.well-known/openid-configuration`,
            }
          : null,
    }),
    email: Object.freeze({
      transport: e.EMAIL_TRANSPORT,
      from: e.EMAIL_FROM,
      replyTo: e.EMAIL_REPLY_TO,
      ratePerSecond: e.EMAIL_RATE_PER_SECOND,
      retryLimit: e.EMAIL_RETRY_LIMIT,
      retryDelaySeconds: e.EMAIL_RETRY_DELAY_SECONDS,
      retryDelayMaxSeconds: e.EMAIL_RETRY_DELAY_MAX_SECONDS,
      sendTimeoutSeconds: e.EMAIL_SEND_TIMEOUT_SECONDS,
      smtpUrl: e.SMTP_URL,
      ses: Object.freeze({
        region: e.SES_REGION,
        endpoint: e.SES_ENDPOINT,
        configurationSet: e.SES_CONFIGURATION_SET,
        snsTopicArns: Object.freeze([...e.SES_SNS_TOPIC_ARNS]),
      }),
    }),
    storage: Object.freeze(
      e.STORAGE === 's3' && e.S3_BUCKET
        ? {
            backend: 's3' as const,
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            endpoint: e.S3_ENDPOINT,
            forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
            credentials:
              e.AWS_ACCESS_KEY_ID && e.AWS_SECRET_ACCESS_KEY
                ? Object.freeze({
                    accessKeyId: e.AWS_ACCESS_KEY_ID,
                    secretAccessKey: e.AWS_SECRET_ACCESS_KEY,
                  })
                : undefined,
          }
        : { backend: 'disk' as const },
    ),
    whatsapp:
      e.WHATSAPP_PHONE_NUMBER_ID && e.WHATSAPP_TOKEN && e.WHATSAPP_APP_SECRET && e.WHATSAPP_VERIFY_TOKEN
        ? Object.freeze({
            apiUrl: e.WHATSAPP_API_URL.replace(/\/+$/, ''),
            phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID,
            token: e.WHATSAPP_TOKEN,
            appSecret: e.WHATSAPP_APP_SECRET,
            verifyToken: e.WHATSAPP_VERIFY_TOKEN,
          })
        : null,
  });
}

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= 32) return secret;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

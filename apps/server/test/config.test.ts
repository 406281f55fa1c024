import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseEnv } from '../src/config.ts';

const serverRoot = path.resolve(import.meta.dirname, '..');

describe('configuration', () => {
  it('fills every default from an empty environment', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe('./data');
    expect(env.APP_TIMEZONE).toBe('America/Sao_Paulo');
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('reads SES_SNS_TOPIC_ARNS as a list of SNS topic ARNs, and refuses anything else', () => {
    expect(parseEnv({}).SES_SNS_TOPIC_ARNS).toEqual([]);
    expect(
      parseEnv({
        SES_SNS_TOPIC_ARNS:
          ' arn:aws:sns:us-east-1:123456789012:ses-avisos, arn:aws:sns:sa-east-1:123456789012:outro ',
      }).SES_SNS_TOPIC_ARNS,
    ).toEqual(['arn:aws:sns:us-east-1:123456789012:ses-avisos', 'arn:aws:sns:sa-east-1:123456789012:outro']);
    expect(() => parseEnv({ SES_SNS_TOPIC_ARNS: 'https://sns.amazonaws.com/topico' })).toThrow(
      /SES_SNS_TOPIC_ARNS: deve ser uma lista de ARNs/,
    );
  });

  it('stores files on disk by default; STORAGE=s3 needs a bucket, and keys come in pairs', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'laudos-config-'));
    try {
      expect(loadConfig({ DATA_DIR: dataDir }).storage).toEqual({ backend: 'disk' });
      expect(
        loadConfig({
          DATA_DIR: dataDir,
          STORAGE: 's3',
          S3_BUCKET: 'laudos-arquivos',
          S3_ENDPOINT: 'http://127.0.0.1:8080',
          S3_FORCE_PATH_STYLE: 'true',
        }).storage,
      ).toEqual({
        backend: 's3',
        bucket: 'laudos-arquivos',
        region: 'us-east-1',
        endpoint: 'http://127.0.0.1:8080',
        forcePathStyle: true,
        credentials: undefined,
      });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    let error: unknown;
    try {
      parseEnv({ STORAGE: 'nuvem' });
    } catch (e) {
      error = e;
    }
    expect((error as ConfigError).problems).toEqual(['STORAGE: deve ser disk ou s3 (valor atual: "nuvem")']);
    try {
      parseEnv({ S3_ENDPOINT: 'sem-esquema', S3_FORCE_PATH_STYLE: 'sim', S3_BUCKET: 'Meu_Bucket' });
    } catch (e) {
      error = e;
    }
    expect((error as ConfigError).problems.sort()).toEqual([
      'S3_BUCKET: deve ser um nome de bucket S3 (3 a 63 letras minúsculas, números, . ou -) (valor atual: "Meu_Bucket")',
      'S3_ENDPOINT: deve ser uma URL (ex.: https://s3.exemplo.com.br) (valor atual: "sem-esquema")',
      'S3_FORCE_PATH_STYLE: deve ser true ou false (valor atual: "sim")',
    ]);
    try {
      parseEnv({ STORAGE: 's3', AWS_ACCESS_KEY_ID: 'AKIA' });
    } catch (e) {
      error = e;
    }
    // The key itself is never echoed back.
    expect((error as ConfigError).problems.sort()).toEqual([
      'AWS_SECRET_ACCESS_KEY: AWS_ACCESS_KEY_ID e AWS_SECRET_ACCESS_KEY devem ser informados juntos',
      'S3_BUCKET: é obrigatório quando STORAGE=s3',
    ]);
  });

  it('lists every problem at once, in Portuguese, naming each variable', () => {
    let error: unknown;
    try {
      parseEnv({
        PORT: 'abc',
        DATABASE_URL: 'mysql://x',
        APP_TIMEZONE: 'Marte/Base',
        ADMIN_PASSWORD: 'curta',
      });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toMatch(/^PORT: deve ser um número/m);
    expect(problems).toMatch(/^DATABASE_URL: deve ser uma URL postgres/m);
    expect(problems).toMatch(/^APP_TIMEZONE: fuso horário IANA desconhecido/m);
    expect(problems).toMatch(/^ADMIN_PASSWORD: deve ter pelo menos 8 caracteres$/m);
    // A secret is never echoed back.
    expect(problems).not.toContain('curta');
  });

  it('generates AUTH_SECRET once and keeps it in DATA_DIR, readable only by the owner', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'laudos-cfg-'));
    try {
      const first = loadConfig({ DATA_DIR: dir });
      const second = loadConfig({ DATA_DIR: dir });
      expect(first.authSecret.length).toBeGreaterThanOrEqual(32);
      expect(second.authSecret).toBe(first.authSecret);
      expect(readFileSync(path.join(dir, 'auth-secret'), 'utf8').trim()).toBe(first.authSecret);
      expect(statSync(path.join(dir, 'auth-secret')).mode & 0o777).toBe(0o600);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads the sign-in limits (decision 012), with the names of before still working', () => {
    const secret = { AUTH_SECRET: 'test-secret-test-secret-test-secret-0123456789' };
    expect(loadConfig(secret).rateLimits).toEqual({
      signInPerIp: 40,
      signInPerEmail: 8,
      signInPerAccount: 50,
      signInAccountPaceSeconds: 10,
      signUpPerIp: 10,
      linksPerIp: 20,
      apiKeyPerMinute: 120,
    });
    const ajustada = loadConfig({
      ...secret,
      RATE_LIMIT_SIGNIN_PER_IP: '1000',
      RATE_LIMIT_SIGNIN_PER_EMAIL: '200',
      RATE_LIMIT_SIGNIN_PER_ACCOUNT: '500',
      RATE_LIMIT_SIGNIN_ACCOUNT_PACE_SECONDS: '3',
      RATE_LIMIT_LINKS_PER_IP: '500',
    });
    expect(ajustada.rateLimits).toMatchObject({
      signInPerIp: 1000,
      signInPerEmail: 200,
      signInPerAccount: 500,
      signInAccountPaceSeconds: 3,
      linksPerIp: 500,
    });
    let error: unknown;
    try {
      parseEnv({ RATE_LIMIT_SIGNIN_PER_ACCOUNT: '0', RATE_LIMIT_SIGNIN_ACCOUNT_PACE_SECONDS: 'dez' });
    } catch (err) {
      error = err;
    }
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toMatch(/^RATE_LIMIT_SIGNIN_PER_ACCOUNT: /m);
    expect(problems).toMatch(/^RATE_LIMIT_SIGNIN_ACCOUNT_PACE_SECONDS: /m);
  });

  it('WORKERS: 1 on PGlite, one per core on PostgreSQL in production; more than 1 on PGlite is refused in Portuguese', () => {
    const pg = 'postgres://u:p@127.0.0.1/db';
    const secret = { AUTH_SECRET: 'x'.repeat(32) };
    expect(loadConfig({ ...secret }).workers).toBe(1);
    expect(loadConfig({ ...secret, DATABASE_URL: pg }).workers).toBe(availableParallelism());
    expect(loadConfig({ ...secret, DATABASE_URL: pg, NODE_ENV: 'development' }).workers).toBe(1);
    expect(loadConfig({ ...secret, DATABASE_URL: pg, WORKERS: '3' }).workers).toBe(3);
    expect(loadConfig({ ...secret, WORKERS: '1' }).workers).toBe(1);
    const problems = (env: Record<string, string>) => {
      try {
        parseEnv(env);
      } catch (err) {
        return (err as ConfigError).problems.join('\n');
      }
      return '';
    };
    expect(problems({ WORKERS: '2' })).toMatch(
      /^WORKERS: com o banco embutido \(PGlite\) o servidor roda em um só processo: use WORKERS=1, ou DATABASE_URL \(PostgreSQL\) para mais de um/m,
    );
    expect(problems({ DATABASE_URL: pg, WORKERS: 'dois' })).toMatch(/^WORKERS: deve ser um número/m);
    expect(problems({ DATABASE_URL: pg, WORKERS: '0' })).toMatch(/^WORKERS: deve ser pelo menos 1/m);
    expect(problems({ DATABASE_URL: pg, WORKERS: '1.5' })).toMatch(/^WORKERS: deve ser um número inteiro/m);
  });

  it('SETTINGS_REFRESH_SECONDS: 60 by default; a value that is not whole seconds up to a day is refused in Portuguese', () => {
    const secret = { AUTH_SECRET: 'x'.repeat(32) };
    expect(loadConfig({ ...secret }).settingsRefreshSeconds).toBe(60);
    expect(loadConfig({ ...secret, SETTINGS_REFRESH_SECONDS: '5' }).settingsRefreshSeconds).toBe(5);
    const problem = (value: string) => {
      try {
        parseEnv({ SETTINGS_REFRESH_SECONDS: value });
      } catch (err) {
        return (err as ConfigError).problems.join('\n');
      }
      return '';
    };
    expect(problem('0')).toMatch(/^SETTINGS_REFRESH_SECONDS: deve ser pelo menos 1/m);
    expect(problem('1,5')).toMatch(/^SETTINGS_REFRESH_SECONDS: deve ser um número/m);
    expect(problem('100000')).toMatch(/^SETTINGS_REFRESH_SECONDS: deve ser no máximo 86400 \(um dia\)/m);
  });

  it('the server process refuses to boot on bad configuration, with a readable list', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverRoot,
      env: { PATH: process.env.PATH, PORT: '99999', PUBLIC_URL: 'not a url' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Configuração inválida');
    expect(result.stderr).toContain('PORT: deve estar entre 0 e 65535');
    expect(result.stderr).toContain('PUBLIC_URL: deve ser uma URL');
  });
});

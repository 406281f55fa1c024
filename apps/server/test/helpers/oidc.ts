import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface OidcAccount {
  sub: string;
  email: string;
  name: string;
}

/**
 * A real OpenID Connect provider (oidc-provider) on 127.0.0.1, with one confidential client. Its
 * login and consent interactions finish at once for `account` (what a user clicking through the
 * provider's screens would do), so a test can drive the whole redirect dance with plain HTTP.
 */
export async function startOidcProvider(options: {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  account: () => OidcAccount;
}) {
  let provider!: Provider;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (req.url?.startsWith('/interaction/')) {
      void (async () => {
        try {
          const details = await provider.interactionDetails(req, res);
          const account = options.account();
          if (details.prompt.name === 'login') {
            await provider.interactionFinished(
              req,
              res,
              { login: { accountId: account.sub } },
              { mergeWithLastSubmission: false },
            );
            return;
          }
          const grant = new provider.Grant({ accountId: account.sub, clientId: options.clientId });
          grant.addOIDCScope('openid email profile');
          const grantId = await grant.save();
          await provider.interactionFinished(
            req,
            res,
            { consent: { grantId } },
            { mergeWithLastSubmission: true },
          );
        } catch (err) {
          res.statusCode = 500;
          res.end(String(err));
        }
      })();
      return;
    }
    provider.callback()(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: (_ctx: unknown, sub: string) => {
      const account = options.account();
      if (sub !== account.sub) return undefined;
      return {
        accountId: sub,
        claims: async () => ({ sub, email: account.email, email_verified: true, name: account.name }),
      };
    },
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    cookies: { keys: ['chave-de-teste-oidc'] },
  });
  provider.on('server_error', () => {});
  return {
    issuer,
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A minimal cookie jar for following the provider's redirects. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();
  store(setCookie: string[] | string | undefined) {
    for (const c of ([] as string[]).concat(setCookie ?? [])) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      const name = pair!.slice(0, i).trim();
      const value = pair!.slice(i + 1).trim();
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(c)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

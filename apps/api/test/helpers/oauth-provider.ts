import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OAuth2Issuer, OAuth2Server, OAuth2Service, type MutableResponse } from 'oauth2-mock-server';

/**
 * Local OAuth2/OIDC providers for tests (loopback only), built on oauth2-mock-server: real
 * authorization-code + PKCE checks, real token endpoint. `env` points the API at them.
 */

export interface GoogleProfile {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  name?: string;
}

export interface GitHubProfile {
  user: { id: number; login: string; name: string | null };
  emails: Array<{ email: string; primary: boolean; verified: boolean }>;
}

export interface MockProvider<P> {
  /** Environment for createTestApp: client credentials and endpoint overrides. */
  env: Record<string, string>;
  /** What the next sign-ins see as the provider's user. */
  profile: P;
  /** Requests that reached the provider's token endpoint (their form bodies). */
  tokenRequests: Array<Record<string, string>>;
  /** The next token request fails with invalid_grant. */
  failNextTokenRequest(): void;
  close(): Promise<void>;
}

type TokenRequest = IncomingMessage & { body: Record<string, string> };

/** Google-shaped: /authorize, /token and the OIDC /userinfo endpoint. */
export async function startGoogleProvider(): Promise<MockProvider<GoogleProfile>> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  const url = `http://127.0.0.1:${server.address().port}`;
  server.issuer.url = url;
  let failNext = false;
  const provider: MockProvider<GoogleProfile> = {
    env: {
      GOOGLE_CLIENT_ID: 'tripcrew-google-client',
      GOOGLE_CLIENT_SECRET: 'google-secret',
      GOOGLE_AUTH_URL: `${url}/authorize`,
      GOOGLE_TOKEN_URL: `${url}/token`,
      GOOGLE_USERINFO_URL: `${url}/userinfo`,
    },
    profile: { sub: 'google-1' },
    tokenRequests: [],
    failNextTokenRequest: () => {
      failNext = true;
    },
    close: () => server.stop(),
  };
  server.service.on('beforeResponse', (response: MutableResponse, req: TokenRequest) => {
    provider.tokenRequests.push({ ...req.body });
    if (failNext) {
      failNext = false;
      response.statusCode = 400;
      response.body = { error: 'invalid_grant' };
    }
  });
  server.service.on('beforeUserinfo', (response: MutableResponse) => {
    response.body = { ...provider.profile };
  });
  return provider;
}

/**
 * GitHub-shaped: /login/oauth/authorize and /login/oauth/access_token from oauth2-mock-server,
 * plus the REST API's GET /user and GET /user/emails (which require the bearer token).
 */
export async function startGitHubProvider(): Promise<MockProvider<GitHubProfile>> {
  const issuer = new OAuth2Issuer();
  await issuer.keys.generate('RS256');
  const service = new OAuth2Service(issuer, {
    authorize: '/login/oauth/authorize',
    token: '/login/oauth/access_token',
  });
  let failNext = false;
  const provider: MockProvider<GitHubProfile> = {
    env: {},
    profile: {
      user: { id: 1, login: 'octo', name: 'Octo Cat' },
      emails: [{ email: 'octo@example.test', primary: true, verified: true }],
    },
    tokenRequests: [],
    failNextTokenRequest: () => {
      failNext = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  service.on('beforeResponse', (response: MutableResponse, req: TokenRequest) => {
    provider.tokenRequests.push({ ...req.body });
    if (failNext) {
      failNext = false;
      response.statusCode = 400;
      response.body = { error: 'invalid_grant' };
    }
  });
  const api = (path: string): unknown =>
    path === '/user' ? provider.profile.user : path === '/user/emails' ? provider.profile.emails : undefined;
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    const body = req.method === 'GET' ? api(path) : undefined;
    if (body === undefined) {
      service.requestHandler(req, res);
      return;
    }
    if (!/^Bearer \S+$/.test(req.headers.authorization ?? '')) {
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"message":"Requires authentication"}');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  issuer.url = url;
  provider.env = {
    GITHUB_CLIENT_ID: 'tripcrew-github-client',
    GITHUB_CLIENT_SECRET: 'github-secret',
    GITHUB_AUTH_URL: `${url}/login/oauth/authorize`,
    GITHUB_TOKEN_URL: `${url}/login/oauth/access_token`,
    GITHUB_API_URL: url,
  };
  return provider;
}

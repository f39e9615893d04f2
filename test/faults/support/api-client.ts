import http from 'node:http';
import { randomUUID } from 'node:crypto';

/**
 * A small HTTP client for the real server: JSON in and out, the CSRF double submit (cookie from
 * GET /api/health, echoed in X-CSRF-Token), bearer tokens, and a bounded time per request, so a
 * hanging server shows up as a failed request instead of a stuck suite.
 */

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  ms: number;
}

export interface RequestOptions {
  method?: string;
  path: string;
  json?: unknown;
  body?: Buffer;
  headers?: Record<string, string>;
  token?: string;
  timeoutMs?: number;
  agent?: http.Agent;
}

export const PASSWORD = 'Tripcrew-fault-Pa55word';

export class ApiClient {
  csrf = '';
  constructor(
    readonly port: number,
    readonly agent?: http.Agent,
  ) {}

  request(options: RequestOptions): Promise<Answer> {
    const started = performance.now();
    const payload = options.json !== undefined ? Buffer.from(JSON.stringify(options.json)) : options.body;
    const headers: Record<string, string> = { ...options.headers };
    if (options.json !== undefined) headers['content-type'] = 'application/json';
    if (payload) headers['content-length'] = String(payload.length);
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const method = options.method ?? (payload ? 'POST' : 'GET');
    if (method !== 'GET' && this.csrf) {
      headers['x-csrf-token'] = this.csrf;
      headers.cookie = `csrf-token=${this.csrf}`;
    }
    return new Promise<Answer>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: this.port,
          method,
          path: options.path,
          headers,
          agent: options.agent ?? this.agent ?? false,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks).toString('utf8'),
              ms: Math.round(performance.now() - started),
            }),
          );
          res.on('error', reject);
        },
      );
      req.setTimeout(options.timeoutMs ?? 15_000, () =>
        req.destroy(
          new Error(`${method} ${options.path}: no answer within ${options.timeoutMs ?? 15_000} ms`),
        ),
      );
      req.on('error', reject);
      req.end(payload);
    });
  }

  async get(path: string, token?: string): Promise<Answer> {
    return this.request({ path, ...(token ? { token } : {}) });
  }

  async post(path: string, json: unknown, token?: string): Promise<Answer> {
    return this.request({ method: 'POST', path, json, ...(token ? { token } : {}) });
  }

  /** GET /api/health; keeps the csrf-token cookie it sets. */
  async health(): Promise<Answer> {
    const answer = await this.get('/api/health');
    const cookie = ([] as string[]).concat(answer.headers['set-cookie'] ?? []).join(';');
    const token = /csrf-token=([^;]+)/.exec(cookie)?.[1];
    if (token) this.csrf = token;
    return answer;
  }
}

export function json<T>(answer: Answer): T {
  return JSON.parse(answer.body) as T;
}

export function expectOk(answer: Answer, what: string): Answer {
  if (answer.status < 200 || answer.status > 299)
    throw new Error(`${what} answered ${answer.status}: ${answer.body}`);
  return answer;
}

export interface SignedIn {
  id: string;
  email: string;
  accessToken: string;
}

/** Registers through the API, reads the code from the dev outbox, confirms: a signed-in user. */
export async function signUp(api: ApiClient, label = 'fault'): Promise<SignedIn> {
  if (!api.csrf) await api.health();
  const email = `${label}-${randomUUID().slice(0, 12)}@example.test`;
  expectOk(
    await api.post('/api/auth/register', { name: 'Fault', lastName: 'Tester', email, password: PASSWORD }),
    'register',
  );
  const outbox = json<{ mails: Array<{ text: string }> }>(
    expectOk(await api.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`), 'dev outbox'),
  );
  const code = /confirmation code: (\d{8})/.exec(outbox.mails[0]?.text ?? '')?.[1];
  if (!code) throw new Error(`no confirmation code mailed to ${email}`);
  const session = json<{ _id: string; accessToken: string }>(
    expectOk(await api.post('/api/auth/confirm', { email, code }), 'confirm'),
  );
  return { id: session._id, email, accessToken: session.accessToken };
}

/** The id of a curated place every database is seeded with. */
export async function lisbonId(api: ApiClient): Promise<string> {
  const place = json<{ _id: string }>(
    expectOk(await api.get('/api/core/places/search?country=portugal&place=lisbon'), 'place search'),
  );
  return place._id;
}

/** Creates a trip to Lisbon for `user`; resolves to its id. */
export async function createTrip(api: ApiClient, user: SignedIn, placeId: string): Promise<string> {
  return json<{ _id: string }>(
    expectOk(await api.post('/api/core/trips', { placeId }, user.accessToken), 'trip'),
  )._id;
}

/** Waits for the API, signs a user up and gives them a trip to Lisbon. */
export async function signUpWithTrip(
  api: ApiClient,
  label: string,
): Promise<{ user: SignedIn; placeId: string; tripId: string }> {
  await api.health();
  const user = await signUp(api, label);
  const placeId = await lisbonId(api);
  return { user, placeId, tripId: await createTrip(api, user, placeId) };
}

/** The error shape of every API error. */
export interface ErrorBody {
  statusCode: number;
  code: string;
  message: string;
}

export function errorBody(answer: Answer): ErrorBody | undefined {
  if (!String(answer.headers['content-type'] ?? '').startsWith('application/json')) return undefined;
  try {
    const body = JSON.parse(answer.body) as Partial<ErrorBody>;
    if (
      typeof body.code === 'string' &&
      typeof body.message === 'string' &&
      body.statusCode === answer.status
    )
      return body as ErrorBody;
  } catch {
    return undefined;
  }
  return undefined;
}

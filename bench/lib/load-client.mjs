/**
 * The load bench's HTTP side: one request with its timing recorded, real sign-up through the
 * API (register, the confirmation code read from a loopback SMTP server, confirm) and crew
 * pairing through the API (request + approve). Loopback only.
 */
import { performance } from 'node:perf_hooks';

/** A request that takes longer than this counts as a network error (status 0). */
const REQUEST_TIMEOUT_MS = 30_000;

/**
 * A signed-in user of one API instance: `base` is the instance, `csrf` the double-submit token
 * its browser would hold (cookie + header), `token` the bearer access token.
 */
export async function csrfOf(base) {
  const response = await fetch(`${base}/api/health`);
  await response.arrayBuffer();
  const token = /csrf-token=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1];
  if (!token) throw new Error(`${base}: no csrf-token cookie`);
  return token;
}

/**
 * Sends one request for `user` (or anonymously when user has no token) and records it under
 * `operation` in `metrics`. Resolves to { status, body }; status 0 means a network error.
 */
export async function call(metrics, operation, session, method, path, body) {
  const headers = { 'x-requested-with': 'XMLHttpRequest' };
  if (session.token) headers.authorization = `Bearer ${session.token}`;
  if (method !== 'GET') {
    headers['x-csrf-token'] = session.csrf;
    headers.cookie = `csrf-token=${session.csrf}`;
  }
  if (body !== undefined) headers['content-type'] = 'application/json';
  const started = performance.now();
  let status = 0;
  let parsed = null;
  let failure;
  try {
    const response = await fetch(`${session.base}/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await response.text();
    status = response.status;
    if (text && (response.headers.get('content-type') ?? '').includes('json')) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = null;
      }
    }
    if (status >= 400) failure = parsed?.message ?? text.slice(0, 200);
  } catch (error) {
    status = 0;
    failure = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  }
  metrics?.record(operation, status, performance.now() - started, {
    request: `${method} /api${path.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, ':id')}`,
    message: failure,
    at: new Date().toISOString(),
  });
  return { status, body: parsed };
}

/** Runs `fn` over `items` with at most `limit` at a time; resolves to the results in order. */
export async function mapLimit(items, limit, fn) {
  const results = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next;
      next += 1;
      results[i] = await fn(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * Signs one user up the way a person does: POST /auth/register, the code from the mail the API
 * sent over SMTP, POST /auth/confirm (which signs in). Resolves to the session.
 */
export async function signUp(metrics, smtp, base, index, runId) {
  const csrf = await csrfOf(base);
  const email = `load-${runId}-${index}@bench.test`;
  const anonymous = { base, csrf };
  const registered = await call(metrics, 'sign-up: register', anonymous, 'POST', '/auth/register', {
    name: 'Load',
    lastName: `User${index}`,
    email,
    password: `bench-${runId}-pass-${index}`,
  });
  if (registered.status !== 201) throw new Error(`register ${email}: ${registered.status}`);
  const mail = await smtp.waitForMail(email, 'Confirm', 60_000);
  const code = /confirmation code: (\S+)/i.exec(mail.text)?.[1];
  if (!code) throw new Error(`no confirmation code in the mail to ${email}`);
  const confirmed = await call(metrics, 'sign-up: confirm', anonymous, 'POST', '/auth/confirm', {
    email,
    code,
  });
  if (confirmed.status !== 200) throw new Error(`confirm ${email}: ${confirmed.status}`);
  return { base, csrf, token: confirmed.body.accessToken, userId: confirmed.body._id, email, index };
}

/** Makes `a` and `b` crew through the API: a asks, b approves the request it received. */
export async function pairAsCrew(metrics, a, b) {
  const asked = await call(metrics, 'crew: request', a, 'POST', '/users/crew/crew-request', {
    userId: b.userId,
  });
  if (asked.status !== 201) throw new Error(`crew request ${a.email} → ${b.email}: ${asked.status}`);
  const approved = await call(
    metrics,
    'crew: approve',
    b,
    'POST',
    `/users/crew/approve-request/${asked.body.request._id}`,
  );
  if (approved.status !== 200) throw new Error(`crew approve by ${b.email}: ${approved.status}`);
}

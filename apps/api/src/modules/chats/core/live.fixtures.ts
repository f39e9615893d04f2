import type { IncomingHttpHeaders } from 'node:http';
import { LIVE_CLOSE_UNAUTHORIZED, type LiveServerFrame } from '@tripcrew/contracts/live';
import { SignJWT } from 'jose';
import { expect } from 'vitest';
import { WebSocket } from 'ws';
import { createUser, type TestUser } from '../../../../test/helpers/factories.ts';
import { createTestApp, forBlock, type TestApp } from '../../../../test/helpers/test-app.ts';
import { LIVE_ROUTE } from '../../../platform/live-socket.ts';
import { API_PREFIX } from '../../../platform/openapi.ts';
import { addCrewPair } from '../../crew/crew.repository.ts';

/**
 * A WebSocket client for the live tests (used only by *.test.ts): collects every frame the
 * server sends and waits for the one a test expects.
 */

export interface LiveClient {
  socket: WebSocket;
  frames: LiveServerFrame[];
  /** Resolves with the first frame (already received or coming) that matches; rejects after timeoutMs. */
  next<T extends LiveServerFrame>(
    match: (frame: LiveServerFrame) => frame is T,
    timeoutMs?: number,
  ): Promise<T>;
  next(match: (frame: LiveServerFrame) => boolean, timeoutMs?: number): Promise<LiveServerFrame>;
  /** Resolves with the close code and reason once the socket is closed. */
  closed: Promise<{ code: number; reason: string }>;
  send(frame: unknown): void;
  close(): void;
}

/**
 * For a test that builds its own app(s) in its body (PGlite, migrations): on a machine busy with
 * other work that alone can take longer than the default 30 s. A bound, not a wait.
 */
export const BUILDS_APPS_TIMEOUT_MS = 120_000;

/** Listens on a random local port (once per app) and answers the ws:// URL of /api/users/ws. */
export async function liveUrl(t: TestApp): Promise<string> {
  const address = t.app.server.address();
  if (address && typeof address === 'object')
    return `ws://127.0.0.1:${address.port}${API_PREFIX}${LIVE_ROUTE}`;
  const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `${url.replace(/^http/, 'ws')}${API_PREFIX}${LIVE_ROUTE}`;
}

export async function openLive(url: string): Promise<LiveClient> {
  const socket = new WebSocket(url);
  const frames: LiveServerFrame[] = [];
  const waiters = new Set<() => void>();
  socket.on('message', (data) => {
    frames.push(JSON.parse(String(data)) as LiveServerFrame);
    for (const wake of waiters) wake();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString('utf8') }));
  });
  socket.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });

  function next(match: (frame: LiveServerFrame) => boolean, timeoutMs = 15_000): Promise<LiveServerFrame> {
    return new Promise((resolve, reject) => {
      const check = (): boolean => {
        const found = frames.find(match);
        if (!found) return false;
        clearTimeout(timer);
        waiters.delete(wake);
        resolve(found);
        return true;
      };
      const wake = (): void => {
        check();
      };
      const timer = setTimeout(() => {
        waiters.delete(wake);
        reject(new Error(`no matching live frame within ${timeoutMs} ms; got ${JSON.stringify(frames)}`));
      }, timeoutMs);
      if (!check()) waiters.add(wake);
    });
  }

  return {
    socket,
    frames,
    next: next as LiveClient['next'],
    closed,
    send: (frame) => socket.send(JSON.stringify(frame)),
    close: () => socket.close(),
  };
}

/** Keeps the clients a describe block opens, so that its afterAll closes them all. */
export function clientTracker() {
  const clients: LiveClient[] = [];
  return {
    track(client: LiveClient): LiveClient {
      clients.push(client);
      return client;
    },
    closeAll(): void {
      for (const client of clients) client.close();
    },
  };
}

/**
 * For the enclosing describe block: a listening test app, the URL of its live socket, and `track`
 * for the sockets a test opens; they are closed before the app.
 */
export function useLiveApp(): {
  t: TestApp;
  live: { url: string };
  track: (client: LiveClient) => LiveClient;
} {
  const { track, closeAll } = clientTracker();
  const t = forBlock(createTestApp, async (app) => {
    closeAll();
    await app.close();
  });
  const live = forBlock(async () => ({ url: await liveUrl(t) }));
  return { t, live, track };
}

/** Opens a socket and sends `token` in its first frame (auth), without waiting for the answer. */
export async function openWithToken(url: string, token: string): Promise<LiveClient> {
  const client = await openLive(url);
  client.send({ type: 'auth', token });
  return client;
}

/** Opens a socket, authenticates with the access token and waits for `ready`. */
export async function connectLive(url: string, accessToken: string): Promise<LiveClient> {
  const client = await openWithToken(url, accessToken);
  await client.next((f) => f.type === 'ready');
  return client;
}

/** The server closes the socket with 4401 (`label` names the case) before it sent any frame. */
export async function expectRefused(client: LiveClient, label: string): Promise<void> {
  expect((await client.closed).code, label).toBe(LIVE_CLOSE_UNAUTHORIZED);
  expect(client.frames).toEqual([]);
}

/** The answer to an upgrade the server refused (a plain HTTP response instead of 101). */
export interface RefusedUpgrade {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** Tries to open a socket: the refusal when the server answers without upgrading, else undefined. */
export function tryUpgrade(url: string): Promise<RefusedUpgrade | undefined> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.once('open', () => {
      socket.close();
      resolve(undefined);
    });
    socket.on('unexpected-response', (_request, response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => {
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body });
        socket.terminate();
      });
    });
    socket.once('error', reject);
  });
}

export type Frame<T extends LiveServerFrame['type']> = Extract<LiveServerFrame, { type: T }>;

export const isType =
  <T extends LiveServerFrame['type']>(type: T) =>
  (frame: LiveServerFrame): frame is Frame<T> =>
    frame.type === type;

export const isMessage = (text: string) => (f: LiveServerFrame) =>
  f.type === 'message' && f.message.text === text;

/**
 * Nothing matching has been pushed to this (authenticated) socket. It waits on an event, not on
 * time: it sends a ping and waits for the pong, so every frame the server sent to the socket
 * before it read the ping (all it pushed for the requests already answered) has arrived.
 */
export async function expectNoFrame(client: LiveClient, match: (f: LiveServerFrame) => boolean) {
  const seen = client.frames.length;
  client.send({ type: 'ping' });
  await client.next((f) => f.type === 'pong' && client.frames.indexOf(f) >= seen);
  expect(client.frames.filter(match)).toEqual([]);
}

export function post(t: TestApp, from: TestUser, url: string, payload?: object) {
  return t.request({ method: 'POST', url, token: from.accessToken, ...(payload ? { payload } : {}) });
}

/** Two signed-in users who are each other's crew (Ana Silva and Bo Berg). */
export async function crewPair(t: TestApp): Promise<[TestUser, TestUser]> {
  const a = await createUser(t, { name: 'Ana', lastName: 'Silva' });
  const b = await createUser(t, { name: 'Bo', lastName: 'Berg' });
  await addCrewPair(t.database.db, a.id, b.id);
  return [a, b];
}

/** A signed access token that expired ten seconds ago. */
export function expiredToken(secret: string, userId: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setIssuer('tripcrew')
    .setAudience('tripcrew-api')
    .setIssuedAt(now - 100)
    .setExpirationTime(now - 10)
    .sign(new TextEncoder().encode(secret));
}

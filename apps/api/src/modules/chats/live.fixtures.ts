import type { LiveServerFrame } from '@tripcrew/contracts/live';
import { LIVE_ROUTE } from '../../platform/live-socket.ts';
import { API_PREFIX } from '../../platform/openapi.ts';
import { WebSocket } from 'ws';
import type { TestApp } from '../../../test/helpers/test-app.ts';

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

  function next(match: (frame: LiveServerFrame) => boolean, timeoutMs = 5000): Promise<LiveServerFrame> {
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

/** Opens a socket, authenticates with the access token and waits for `ready`. */
export async function connectLive(url: string, accessToken: string): Promise<LiveClient> {
  const client = await openLive(url);
  client.send({ type: 'auth', token: accessToken });
  await client.next((f) => f.type === 'ready');
  return client;
}

import type { LiveServerFrame } from '@tripcrew/contracts/live';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { backoffDelay } from './backoff.ts';
import {
  LIVE_BACKOFF_INITIAL_MS,
  LIVE_BACKOFF_MAX_MS,
  LIVE_PING_INTERVAL_MS,
  LIVE_PONG_TIMEOUT_MS,
  loadFrameSchema,
  LiveSocket,
  type LiveSocketOptions,
  liveSocketUrl,
} from './live-socket.ts';
import { FakeWebSocket } from './testing/fake-web-socket.ts';

const MESSAGE = {
  _id: 'm-9',
  chatId: 'c-1',
  senderId: 'u-2',
  text: 'hi 👋',
  createdAt: '2031-05-05T10:00:00.000Z',
  seq: 9,
};

function makeSocket(overrides: Partial<LiveSocketOptions> = {}) {
  let token: string | null = 'access-1';
  const frames: LiveServerFrame[] = [];
  const onReady = vi.fn<(info: { reconnected: boolean }) => void>();
  const live = new LiveSocket({
    url: 'ws://localhost/api/users/ws',
    getToken: () => token,
    onReady,
    createSocket: FakeWebSocket.create,
    random: () => 1, // no jitter: exact delays
    ...overrides,
  });
  live.subscribe((frame) => frames.push(frame));
  return {
    live,
    frames,
    onReady,
    setToken: (value: string | null) => {
      token = value;
    },
  };
}

// The frame schema comes in its own chunk; loaded here, frames are handled as they arrive.
beforeAll(async () => {
  await loadFrameSchema();
});

beforeEach(() => {
  FakeWebSocket.reset();
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('liveSocketUrl / backoff', () => {
  it('[MSG-12] builds ws:// or wss:// from the page location, or from an absolute API base', () => {
    expect(liveSocketUrl('/api', { protocol: 'http:', host: 'localhost:5173' })).toBe(
      'ws://localhost:5173/api/users/ws',
    );
    expect(liveSocketUrl('/api/', { protocol: 'https:', host: 'tripcrew.example' })).toBe(
      'wss://tripcrew.example/api/users/ws',
    );
    expect(liveSocketUrl('https://api.example/api', { protocol: 'http:', host: 'x' })).toBe(
      'wss://api.example/api/users/ws',
    );
  });

  it('[MSG-14] reconnects with the shared backoff: 1 s doubling up to 30 s', () => {
    const full = { initialMs: LIVE_BACKOFF_INITIAL_MS, maxMs: LIVE_BACKOFF_MAX_MS, random: () => 1 };
    expect([0, 1, 2, 3, 4, 5, 6, 20].map((attempt) => backoffDelay(attempt, full))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });
});

describe('LiveSocket', () => {
  it('[MSG-12] authenticates with the first frame (token not in the URL) and hands frames to subscribers', () => {
    const { live, frames, onReady } = makeSocket();
    live.start();
    const socket = FakeWebSocket.latest();
    expect(socket.url).toBe('ws://localhost/api/users/ws');
    expect(socket.url).not.toContain('access-1');
    socket.open();
    expect(socket.sent).toEqual([{ type: 'auth', token: 'access-1' }]);
    expect(live.status).toBe('connecting');

    socket.receive({ type: 'ready', userId: 'u-1' });
    expect(live.status).toBe('open');
    expect(onReady).toHaveBeenCalledWith({ reconnected: false });
    socket.receive({ type: 'message', message: MESSAGE });
    socket.receive('not json');
    socket.receive({ type: 'message', message: { text: 'missing fields' } });
    socket.receive({ type: 'pong' });
    expect(frames.map((frame) => frame.type)).toEqual(['ready', 'message']);
    expect(frames[1]).toEqual({ type: 'message', message: MESSAGE });
    live.stop();
  });

  it('[PERF-07] frames that arrive before the schema chunk are handled in order once it is loaded', async () => {
    vi.resetModules();
    const fresh = await import('./live-socket.ts');
    const frames: LiveServerFrame[] = [];
    const live = new fresh.LiveSocket({
      url: 'ws://localhost/api/users/ws',
      getToken: () => 'access-1',
      createSocket: FakeWebSocket.create,
    });
    live.subscribe((frame) => frames.push(frame));
    live.start();
    const socket = FakeWebSocket.latest();
    socket.open();
    socket.receive({ type: 'ready', userId: 'u-1' });
    socket.receive({ type: 'message', message: MESSAGE });
    socket.receive('not json');
    await fresh.loadFrameSchema();
    await Promise.resolve();
    expect(frames.map((frame) => frame.type)).toEqual(['ready', 'message']);
    expect(live.status).toBe('open');
    socket.receive({ type: 'message', message: { ...MESSAGE, _id: 'm-10', seq: 10 } });
    expect(frames).toHaveLength(3);
    live.stop();
  });

  it('[MSG-14] reconnects with backoff (1 s, 2 s, 4 s …) and reports the reconnect so the caller catches up', () => {
    const { live, onReady } = makeSocket();
    live.start();
    FakeWebSocket.latest().accept();
    expect(onReady).toHaveBeenLastCalledWith({ reconnected: false });

    FakeWebSocket.latest().drop();
    expect(live.status).toBe('waiting');
    expect(FakeWebSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(999);
    expect(FakeWebSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.instances).toHaveLength(2);

    // Fails again before it opens: 2 s, then 4 s.
    FakeWebSocket.latest().drop();
    vi.advanceTimersByTime(1999);
    expect(FakeWebSocket.instances).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.instances).toHaveLength(3);
    FakeWebSocket.latest().drop();
    vi.advanceTimersByTime(3999);
    expect(FakeWebSocket.instances).toHaveLength(3);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.instances).toHaveLength(4);

    const socket = FakeWebSocket.latest();
    socket.open();
    expect(socket.sent[0]).toEqual({ type: 'auth', token: 'access-1' });
    socket.receive({ type: 'ready', userId: 'u-1' });
    expect(onReady).toHaveBeenLastCalledWith({ reconnected: true });

    // After a ready the backoff starts over at 1 s.
    socket.drop();
    vi.advanceTimersByTime(1000);
    expect(FakeWebSocket.instances).toHaveLength(5);
    live.stop();
  });

  it('[MSG-14] the delay never exceeds 30 s however often it fails', () => {
    const { live } = makeSocket();
    live.start();
    for (let i = 0; i < 8; i += 1) {
      FakeWebSocket.latest().drop();
      vi.advanceTimersByTime(LIVE_BACKOFF_MAX_MS);
    }
    expect(FakeWebSocket.instances).toHaveLength(9);
    live.stop();
  });

  it('[MSG-14] sends a ping every 25 s and replaces a connection that stays silent', () => {
    const { live } = makeSocket();
    live.start();
    const socket = FakeWebSocket.latest();
    socket.accept();
    vi.advanceTimersByTime(LIVE_PING_INTERVAL_MS);
    expect(socket.sent.at(-1)).toEqual({ type: 'ping' });
    socket.receive({ type: 'pong' });
    vi.advanceTimersByTime(LIVE_PONG_TIMEOUT_MS);
    expect(socket.closedWith).toBeNull();

    vi.advanceTimersByTime(LIVE_PING_INTERVAL_MS - LIVE_PONG_TIMEOUT_MS);
    expect(socket.sent.filter((frame) => JSON.stringify(frame) === '{"type":"ping"}')).toHaveLength(2);
    vi.advanceTimersByTime(LIVE_PONG_TIMEOUT_MS);
    expect(socket.closedWith?.code).toBe(4000);
    expect(live.status).toBe('waiting');
    vi.advanceTimersByTime(1000);
    expect(FakeWebSocket.instances).toHaveLength(2);
    live.stop();
  });

  it('[MSG-14] 4401: refreshes through onUnauthorized and reconnects with the new token; a second refusal stops', async () => {
    const state = { token: 'old' };
    const onUnauthorized = vi.fn(() => {
      state.token = 'new';
      return Promise.resolve(true);
    });
    const { live } = makeSocket({ getToken: () => state.token, onUnauthorized });
    live.start();
    FakeWebSocket.latest().open();
    FakeWebSocket.latest().drop(4401);
    expect(live.status).toBe('unauthorized');
    await vi.waitFor(() => expect(FakeWebSocket.instances).toHaveLength(2));
    FakeWebSocket.latest().open();
    expect(FakeWebSocket.latest().sent[0]).toEqual({ type: 'auth', token: 'new' });

    FakeWebSocket.latest().drop(4401);
    await Promise.resolve();
    vi.advanceTimersByTime(60_000);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(FakeWebSocket.instances).toHaveLength(2);
    expect(live.status).toBe('unauthorized');
  });

  it('[MSG-14] 4401 without a fresh token stops instead of looping', async () => {
    const onUnauthorized = vi.fn(() => Promise.resolve(false));
    const { live } = makeSocket({ onUnauthorized });
    live.start();
    FakeWebSocket.latest().drop(4401);
    await Promise.resolve();
    await Promise.resolve();
    vi.advanceTimersByTime(60_000);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('stop() closes the socket and cancels reconnects; no token, no connection', () => {
    const { live, setToken } = makeSocket();
    live.start();
    const socket = FakeWebSocket.latest();
    socket.accept();
    live.stop();
    expect(socket.closedWith?.code).toBe(1000);
    expect(live.status).toBe('idle');
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);

    setToken(null);
    live.start();
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(live.status).toBe('idle');
  });
});

/**
 * The live connection to the API (WebSocket /api/users/ws, packages/contracts live.ts).
 *
 * - The first frame is `{type:'auth', token}` (the token never goes in the URL); the server answers
 *   `ready` or closes with 4401.
 * - A dropped socket reconnects with the app's one backoff (`backoff.ts`: 1 s, 2 s, 4 s … at most
 *   30 s, with jitter);
 *   the attempt counter resets once the server said `ready` again.
 * - A `ping` every 25 s keeps proxies from idling the connection out; without any frame within
 *   10 s after a ping the socket is treated as dead and replaced.
 * - On 4401 `onUnauthorized` may refresh the token (resolve true to reconnect at once); a second
 *   4401 in a row, or a false answer, stops the client until start() is called again.
 * - Every valid server frame goes to the subscribers; `onReady` tells whether it was a reconnect,
 *   so the caller can catch up on what it missed.
 */
import { LIVE_CLOSE_UNAUTHORIZED } from '@tripcrew/contracts/constants';
import type { LiveClientFrame, LiveServerFrame } from '@tripcrew/contracts/live';
import { backoffDelay } from './backoff.ts';
import { type AnswerSchema, lazySchema } from './lazy-schema.ts';

export const LIVE_PATH = '/users/ws';
export const LIVE_BACKOFF_INITIAL_MS = 1000;
export const LIVE_BACKOFF_MAX_MS = 30_000;
export const LIVE_PING_INTERVAL_MS = 25_000;
export const LIVE_PONG_TIMEOUT_MS = 10_000;

export type LiveStatus = 'idle' | 'connecting' | 'open' | 'waiting' | 'unauthorized';

export type LiveListener = (frame: LiveServerFrame) => void;

/** The part of the browser WebSocket the client uses (tests pass a fake). */
export interface LiveSocketLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  send: (data: string) => void;
  close: (code?: number, reason?: string) => void;
}

export interface LiveSocketOptions {
  /** ws:// or wss:// URL of the endpoint. */
  url: string;
  /** The current access token; no token, no connection. */
  getToken: () => string | null;
  /** Called after `ready`; `reconnected` is false only for the first ready after start(). */
  onReady?: (info: { reconnected: boolean }) => void;
  /** Called on a 4401 close; resolve true when a fresh token is available to retry with. */
  onUnauthorized?: () => Promise<boolean>;
  onStatusChange?: (status: LiveStatus) => void;
  createSocket?: (url: string) => LiveSocketLike;
  /** 0..1; jitter source (Math.random by default). */
  random?: () => number;
  initialDelayMs?: number;
  maxDelayMs?: number;
  pingIntervalMs?: number;
  pongTimeoutMs?: number;
}

const OPEN = 1;
const NORMAL_CLOSE = 1000;

/** The WebSocket URL for an API base ('/api' or an absolute http(s) URL) seen from `location`. */
export function liveSocketUrl(apiBase: string, location: Pick<Location, 'protocol' | 'host'>): string {
  const base = apiBase.replace(/\/+$/, '');
  if (/^https?:\/\//i.test(base)) return `${base.replace(/^http/i, 'ws')}${LIVE_PATH}`;
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const path = base.startsWith('/') ? base : `/${base}`;
  return `${scheme}//${location.host}${path}${LIVE_PATH}`;
}

/**
 * The server frame schema, loaded once when a socket first starts: zod stays out of the first
 * download (PERF-07).
 */
const frameSchema = lazySchema(() =>
  import('@tripcrew/contracts/live').then((module) => module.liveServerFrameSchema),
);

export const loadFrameSchema = (): Promise<AnswerSchema<LiveServerFrame>> => frameSchema.load();

function parseFrame(data: unknown, schema: AnswerSchema<LiveServerFrame>): LiveServerFrame | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed = schema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export class LiveSocket {
  private readonly options: LiveSocketOptions;
  private readonly listeners = new Set<LiveListener>();
  private socket: LiveSocketLike | null = null;
  private running = false;
  private attempt = 0;
  private everReady = false;
  private unauthorizedInRow = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private pongTimer: ReturnType<typeof setTimeout> | null = null;
  private currentStatus: LiveStatus = 'idle';
  /** Frames that arrived before the frame schema was loaded, in order. */
  private waitingFrames: unknown[] = [];

  constructor(options: LiveSocketOptions) {
    this.options = options;
  }

  get status(): LiveStatus {
    return this.currentStatus;
  }

  /** Receives every valid server frame; returns the unsubscribe. */
  subscribe(listener: LiveListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** Connects (no-op while running). */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.attempt = 0;
    this.everReady = false;
    this.unauthorizedInRow = 0;
    loadFrameSchema().catch(() => undefined);
    this.connect();
  }

  /** Closes the socket and cancels every timer (sign-out, unmount). */
  stop(): void {
    this.running = false;
    this.clearTimers();
    this.dropSocket(NORMAL_CLOSE, 'client stop');
    this.setStatus('idle');
  }

  /** After a 4401 stop: tries again (e.g. a new token arrived from another tab). */
  resume(): void {
    if (this.currentStatus !== 'unauthorized') return;
    this.running = true;
    this.connect();
  }

  /** Skips the remaining backoff wait (e.g. the browser came back online). */
  reconnectNow(): void {
    if (!this.running || this.currentStatus !== 'waiting') return;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.connect();
  }

  private setStatus(status: LiveStatus): void {
    if (status === this.currentStatus) return;
    this.currentStatus = status;
    this.options.onStatusChange?.(status);
  }

  private connect(): void {
    if (!this.running) return;
    const token = this.options.getToken();
    if (!token) {
      this.stop();
      return;
    }
    this.setStatus('connecting');
    let socket: LiveSocketLike;
    try {
      socket = this.options.createSocket
        ? this.options.createSocket(this.options.url)
        : new WebSocket(this.options.url);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      const current = this.options.getToken();
      if (!current) {
        this.stop();
        return;
      }
      this.sendFrame({ type: 'auth', token: current });
    };
    socket.onmessage = (event) => {
      if (this.socket !== socket) return;
      this.onMessage(event.data);
    };
    socket.onerror = () => undefined; // a close event always follows
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.clearTimers();
      if (!this.running) return;
      if (event.code === LIVE_CLOSE_UNAUTHORIZED) void this.onUnauthorizedClose();
      else this.scheduleReconnect();
    };
  }

  private onMessage(data: unknown): void {
    this.clearPongTimer();
    const schema = frameSchema.current;
    if (schema && this.waitingFrames.length === 0) {
      this.onFrame(parseFrame(data, schema));
      return;
    }
    this.waitingFrames.push(data);
    if (this.waitingFrames.length > 1) return;
    loadFrameSchema().then(
      (schema) => {
        const frames = this.waitingFrames.splice(0);
        if (!this.running) return;
        for (const waiting of frames) this.onFrame(parseFrame(waiting, schema));
      },
      () => {
        this.waitingFrames = [];
      },
    );
  }

  private onFrame(frame: LiveServerFrame | null): void {
    if (!frame) return;
    if (frame.type === 'ready') {
      const reconnected = this.everReady;
      this.everReady = true;
      this.attempt = 0;
      this.unauthorizedInRow = 0;
      this.setStatus('open');
      this.startPing();
      this.options.onReady?.({ reconnected });
    }
    if (frame.type === 'pong') return;
    for (const listener of Array.from(this.listeners)) {
      try {
        listener(frame);
      } catch (error) {
        console.error('Live frame handler failed', error);
      }
    }
  }

  private async onUnauthorizedClose(): Promise<void> {
    this.unauthorizedInRow += 1;
    this.setStatus('unauthorized');
    if (this.unauthorizedInRow > 1 || !this.options.onUnauthorized) {
      this.running = false;
      return;
    }
    let retry = false;
    try {
      retry = await this.options.onUnauthorized();
    } catch {
      retry = false;
    }
    if (!this.running || this.currentStatus !== 'unauthorized') return;
    if (retry) this.connect();
    else this.running = false;
  }

  private scheduleReconnect(): void {
    if (!this.running) return;
    const delay = backoffDelay(this.attempt, {
      initialMs: this.options.initialDelayMs ?? LIVE_BACKOFF_INITIAL_MS,
      maxMs: this.options.maxDelayMs ?? LIVE_BACKOFF_MAX_MS,
      random: this.options.random,
    });
    this.attempt += 1;
    this.setStatus('waiting');
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.connect();
    }, delay);
  }

  private startPing(): void {
    if (this.pingTimer) clearInterval(this.pingTimer);
    const interval = this.options.pingIntervalMs ?? LIVE_PING_INTERVAL_MS;
    this.pingTimer = setInterval(() => {
      if (!this.sendFrame({ type: 'ping' })) return;
      if (this.pongTimer) return;
      this.pongTimer = setTimeout(() => {
        this.pongTimer = null;
        // No answer: the connection is dead although no close event came. Replace it.
        const socket = this.socket;
        if (!socket) return;
        this.socket = null;
        this.clearTimers();
        this.closeQuietly(socket, 4000, 'keepalive timeout');
        this.scheduleReconnect();
      }, this.options.pongTimeoutMs ?? LIVE_PONG_TIMEOUT_MS);
    }, interval);
  }

  private sendFrame(frame: LiveClientFrame): boolean {
    const socket = this.socket;
    if (!socket || socket.readyState !== OPEN) return false;
    try {
      socket.send(JSON.stringify(frame));
      return true;
    } catch {
      return false;
    }
  }

  private clearPongTimer(): void {
    if (this.pongTimer) clearTimeout(this.pongTimer);
    this.pongTimer = null;
  }

  private clearTimers(): void {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.reconnectTimer = null;
    this.pingTimer = null;
    this.clearPongTimer();
  }

  private dropSocket(code: number, reason: string): void {
    const socket = this.socket;
    this.socket = null;
    if (socket) this.closeQuietly(socket, code, reason);
  }

  private closeQuietly(socket: LiveSocketLike, code: number, reason: string): void {
    socket.onopen = null;
    socket.onmessage = null;
    socket.onclose = null;
    socket.onerror = null;
    try {
      socket.close(code, reason);
    } catch {
      // already closed
    }
  }
}

/** Test helper: a scriptable stand-in for the browser WebSocket (live-socket tests). */
import type { LiveSocketLike } from '../live-socket.ts';

export class FakeWebSocket implements LiveSocketLike {
  static instances: FakeWebSocket[] = [];

  readonly url: string;
  readyState = 0;
  sent: unknown[] = [];
  closedWith: { code?: number; reason?: string } | null = null;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(url: string) {
    this.url = url;
    FakeWebSocket.instances.push(this);
  }

  static reset(): void {
    FakeWebSocket.instances = [];
  }

  static latest(): FakeWebSocket {
    const socket = FakeWebSocket.instances.at(-1);
    if (!socket) throw new Error('no socket was opened');
    return socket;
  }

  static create = (url: string): FakeWebSocket => new FakeWebSocket(url);

  send(data: string): void {
    this.sent.push(JSON.parse(data) as unknown);
  }

  close(code?: number, reason?: string): void {
    this.closedWith = { code, reason };
    this.readyState = 3;
  }

  /** Server side: the connection opened. */
  open(): void {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }

  /** Server side: a frame arrives. */
  receive(frame: unknown): void {
    this.onmessage?.(
      new MessageEvent('message', { data: typeof frame === 'string' ? frame : JSON.stringify(frame) }),
    );
  }

  /** Server side: the connection drops (1006 by default) or is closed with a code. */
  drop(code = 1006): void {
    this.readyState = 3;
    this.onclose?.(new CloseEvent('close', { code }));
  }

  /** open + ready in one go. */
  accept(userId = 'u-1'): void {
    this.open();
    this.receive({ type: 'ready', userId });
  }
}

/**
 * The part of the `ws` package (the engine of @fastify/websocket, and the client of the live
 * tests) that the API uses. `ws` ships no types and @types/ws is not installed; this keeps the
 * socket code strictly typed without `any`. Only what we call is declared.
 */
declare module 'ws' {
  import { EventEmitter } from 'node:events';
  import type { IncomingMessage } from 'node:http';

  export type RawData = Buffer | ArrayBuffer | Buffer[];

  export interface ClientOptions {
    headers?: Record<string, string>;
    handshakeTimeout?: number;
    maxPayload?: number;
  }

  export interface ServerOptions {
    maxPayload?: number;
    perMessageDeflate?: boolean;
    clientTracking?: boolean;
  }

  export class WebSocket extends EventEmitter {
    static readonly CONNECTING: 0;
    static readonly OPEN: 1;
    static readonly CLOSING: 2;
    static readonly CLOSED: 3;
    constructor(address: string, options?: ClientOptions);
    readonly readyState: 0 | 1 | 2 | 3;
    send(data: string | Buffer, callback?: (error?: Error) => void): void;
    close(code?: number, reason?: string): void;
    terminate(): void;
    ping(data?: Buffer): void;
    on(event: 'message', listener: (data: RawData, isBinary: boolean) => void): this;
    on(event: 'close', listener: (code: number, reason: Buffer) => void): this;
    on(event: 'error', listener: (error: Error) => void): this;
    on(event: 'unexpected-response', listener: (request: unknown, response: IncomingMessage) => void): this;
    on(event: 'open' | 'pong' | 'ping', listener: () => void): this;
    once(event: 'message', listener: (data: RawData, isBinary: boolean) => void): this;
    once(event: 'close', listener: (code: number, reason: Buffer) => void): this;
    once(event: 'error', listener: (error: Error) => void): this;
    once(event: 'open' | 'pong' | 'ping', listener: () => void): this;
  }

  export class WebSocketServer extends EventEmitter {
    constructor(options?: ServerOptions);
    readonly clients: Set<WebSocket>;
    close(callback?: (error?: Error) => void): void;
  }
  export { WebSocketServer as Server };
  export default WebSocket;
}

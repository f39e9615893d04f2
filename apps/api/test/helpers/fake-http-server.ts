import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach } from 'vitest';

/** How the fake answers a request. */
export type FakeBehaviour = (req: IncomingMessage, res: ServerResponse) => void;

export interface FakeHttpServer {
  /** http://127.0.0.1:{port}/ once the block's tests run. */
  baseUrl: string;
  /** Each test sets how the fake answers. */
  behaviour: FakeBehaviour;
  /** The request paths (with their query strings) of the current test, in order. */
  paths: string[];
  /** The requests of the current test: address and headers. */
  requests: Array<{ url: URL; headers: IncomingMessage['headers'] }>;
  /** Answers a test holds open (a hang): destroyed when the block ends. */
  pending: Set<ServerResponse>;
}

/**
 * A small stand-in of an outside HTTP service (a routing server, a geocoder) on 127.0.0.1 for one
 * describe block: started before its tests, closed after them; what it received is cleared before
 * each test.
 */
export function useFakeHttpServer(): FakeHttpServer {
  let server: Server | undefined;
  const fake: FakeHttpServer = {
    baseUrl: '',
    behaviour: (_req, res) => res.end(),
    paths: [],
    requests: [],
    pending: new Set(),
  };
  beforeAll(async () => {
    const started = createServer((req, res) => {
      fake.paths.push(req.url ?? '');
      fake.requests.push({ url: new URL(req.url ?? '/', 'http://fake'), headers: req.headers });
      fake.behaviour(req, res);
    });
    server = started;
    await new Promise<void>((resolve) => started.listen(0, '127.0.0.1', resolve));
    fake.baseUrl = `http://127.0.0.1:${(started.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    for (const res of fake.pending) res.destroy();
    if (!server) return;
    const started = server;
    started.closeAllConnections();
    await new Promise<void>((resolve) => started.close(() => resolve()));
  });
  beforeEach(() => {
    fake.paths = [];
    fake.requests = [];
  });
  return fake;
}

import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { S3Config } from '../../src/config.ts';
import {
  canonicalRequest,
  createS3Storage,
  objectUrl,
  S3StorageError,
  signRequest,
} from '../../src/platform/s3-storage.ts';
import { InvalidStorageKeyError } from '../../src/platform/storage.ts';
import { createUser } from '../helpers/factories.ts';
import { avatarUpload, solidPng } from '../helpers/multipart.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * S3-compatible upload storage (OPS-11). The signer is checked against the examples published in
 * the AWS documentation ("Signature Calculations for the Authorization Header", Amazon S3 API
 * Reference), and the adapter against a small S3 look-alike on 127.0.0.1 that re-derives each
 * signature from what it actually received.
 */

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

// The credentials and request of the AWS documentation's examples.
const AWS_EXAMPLE = {
  credentials: {
    accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
    secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  },
  region: 'us-east-1',
  now: new Date('2013-05-24T00:00:00Z'),
};

describe('SigV4 signer against the AWS documentation', () => {
  it('[OPS-11] the GET Object example gives the published canonical request hash and signature', async () => {
    const url = new URL('https://examplebucket.s3.amazonaws.com/test.txt');
    const headers = await signRequest({
      ...AWS_EXAMPLE,
      method: 'GET',
      url,
      headers: { Range: 'bytes=0-9' },
      payloadHash: sha256(''),
    });
    const { authorization: _signature, ...signed } = headers;
    const { text } = await canonicalRequest('GET', url, signed, sha256(''));
    expect(headers['x-amz-date']).toBe('20130524T000000Z');
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
    // The documented canonical request, line by line, and its hash.
    const documented = [
      'GET',
      '/test.txt',
      '',
      'host:examplebucket.s3.amazonaws.com',
      'range:bytes=0-9',
      'x-amz-content-sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      'x-amz-date:20130524T000000Z',
      '',
      'host;range;x-amz-content-sha256;x-amz-date',
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    ].join('\n');
    expect(text).toBe(documented);
    expect(sha256(documented)).toBe('7344ae5b7ee6c3e7e6b0fe0640412a37625d1fbfff95c48bbb2dc43964946972');
  });

  it('[OPS-11] the PUT Object example (a key with $, a body, extra headers) gives the published signature', async () => {
    const body = 'Welcome to Amazon S3.';
    const headers = await signRequest({
      ...AWS_EXAMPLE,
      method: 'PUT',
      url: new URL('https://examplebucket.s3.amazonaws.com/test$file.text'),
      headers: { Date: 'Fri, 24 May 2013 00:00:00 GMT', 'x-amz-storage-class': 'REDUCED_REDUNDANCY' },
      payloadHash: sha256(body),
    });
    expect(headers['x-amz-content-sha256']).toBe(
      '44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072',
    );
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,' +
        'SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class,' +
        'Signature=98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd',
    );
  });

  it('[OPS-11] addresses objects path-style (MinIO) or virtual-hosted (AWS, R2)', () => {
    const endpoint = 'https://s3.eu-west-1.amazonaws.com';
    expect(objectUrl({ endpoint, bucket: 'trips', forcePathStyle: false }, 'a1/b2.webp').href).toBe(
      'https://trips.s3.eu-west-1.amazonaws.com/a1/b2.webp',
    );
    expect(
      objectUrl({ endpoint: 'http://minio:9000', bucket: 'trips', forcePathStyle: true }, 'x.png').href,
    ).toBe('http://minio:9000/trips/x.png');
  });
});

// ---------------------------------------------------------------- an S3 look-alike on loopback

interface FakeS3 {
  server: Server;
  endpoint: string;
  objects: Map<string, Buffer>;
  /** Every request as received: method, path, authorization header. */
  seen: Array<{ method: string; path: string; authorization: string }>;
}

const AUTHORIZATION =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([a-z0-9-]+)\/s3\/aws4_request,SignedHeaders=([a-z0-9;-]+),Signature=([0-9a-f]{64})$/;

function xmlError(res: ServerResponse, status: number, code: string): void {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`,
  );
}

/** Accepts a request only when its SigV4 signature matches what the server itself received. */
async function verify(
  req: IncomingMessage,
  body: Buffer,
  credentials: { accessKeyId: string; secretAccessKey: string },
) {
  const match = AUTHORIZATION.exec(req.headers.authorization ?? '');
  if (!match) return 'AuthorizationHeaderMalformed';
  const [, keyId, day, region, signedHeaders = ''] = match;
  if (keyId !== credentials.accessKeyId) return 'InvalidAccessKeyId';
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  if (!amzDate.startsWith(day ?? '-')) return 'AuthorizationHeaderMalformed';
  if (req.headers['x-amz-content-sha256'] !== sha256(body)) return 'XAmzContentSHA256Mismatch';
  const names = signedHeaders.split(';');
  for (const required of ['host', 'x-amz-content-sha256', 'x-amz-date'])
    if (!names.includes(required)) return 'AuthorizationHeaderMalformed';
  const headers = Object.fromEntries(names.map((n) => [n, String(req.headers[n] ?? '')]));
  const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
  const expected = await signRequest({
    method: req.method ?? 'GET',
    url,
    headers,
    payloadHash: sha256(body),
    region: region ?? '',
    credentials,
    now: new Date(
      `${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`,
    ),
  });
  return expected.authorization === req.headers.authorization ? undefined : 'SignatureDoesNotMatch';
}

async function startFakeS3(bucket: string, credentials: { accessKeyId: string; secretAccessKey: string }) {
  const objects = new Map<string, Buffer>();
  const seen: FakeS3['seen'] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const body = Buffer.concat(chunks);
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      seen.push({ method: req.method ?? '', path, authorization: String(req.headers.authorization ?? '') });
      const problem = await verify(req, body, credentials);
      if (problem) return xmlError(res, 403, problem);
      const prefix = `/${bucket}/`;
      if (!path.startsWith(prefix)) return xmlError(res, 404, 'NoSuchBucket');
      const key = decodeURIComponent(path.slice(prefix.length));
      if (req.method === 'PUT') {
        objects.set(key, body);
        res.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` });
        return res.end();
      }
      if (req.method === 'GET') {
        const object = objects.get(key);
        if (!object) return xmlError(res, 404, 'NoSuchKey');
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': object.length });
        return res.end(object);
      }
      if (req.method === 'DELETE') {
        objects.delete(key);
        res.writeHead(204);
        return res.end();
      }
      return xmlError(res, 405, 'MethodNotAllowed');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return { server, endpoint: `http://127.0.0.1:${address.port}`, objects, seen } satisfies FakeS3;
}

describe('S3 storage adapter', () => {
  const credentials = { accessKeyId: 'TRIPCREWTESTKEY', secretAccessKey: randomBytes(30).toString('base64') };
  const bucket = 'tripcrew-uploads';
  let s3: FakeS3;
  let config: S3Config;

  beforeAll(async () => {
    s3 = await startFakeS3(bucket, credentials);
    config = { endpoint: s3.endpoint, bucket, region: 'us-east-1', ...credentials, forcePathStyle: true };
  });
  afterAll(async () => {
    s3.server.close();
    await once(s3.server, 'close');
  });

  it('[OPS-11] puts, gets and deletes objects with signed requests (path-style)', async () => {
    const storage = createS3Storage(config);
    const data = randomBytes(4096);
    await storage.put('variants/abc123-thumb.webp', data);
    expect(s3.objects.get('variants/abc123-thumb.webp')?.equals(data)).toBe(true);
    expect((await storage.get('variants/abc123-thumb.webp'))?.equals(data)).toBe(true);
    expect(await storage.get('variants/missing.webp')).toBeUndefined();
    await storage.delete('variants/abc123-thumb.webp');
    expect(s3.objects.has('variants/abc123-thumb.webp')).toBe(false);
    expect(await storage.get('variants/abc123-thumb.webp')).toBeUndefined();
    await storage.delete('variants/abc123-thumb.webp'); // already gone: fine

    const mine = s3.seen.slice(-6);
    expect(mine.map((r) => `${r.method} ${r.path}`)).toEqual([
      `PUT /${bucket}/variants/abc123-thumb.webp`,
      `GET /${bucket}/variants/abc123-thumb.webp`,
      `GET /${bucket}/variants/missing.webp`,
      `DELETE /${bucket}/variants/abc123-thumb.webp`,
      `GET /${bucket}/variants/abc123-thumb.webp`,
      `DELETE /${bucket}/variants/abc123-thumb.webp`,
    ]);
    for (const request of mine) expect(request.authorization).toMatch(AUTHORIZATION);
  });

  it('[OPS-11] a refused signature is an error naming the store code, never carrying the secret', async () => {
    const storage = createS3Storage({ ...config, secretAccessKey: 'not-the-right-secret' });
    const error = await storage.put('a.png', Buffer.from('x')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(S3StorageError);
    expect((error as S3StorageError).status).toBe(403);
    expect((error as S3StorageError).code).toBe('SignatureDoesNotMatch');
    expect(String((error as Error).message)).not.toContain('not-the-right-secret');
  });

  it('[OPS-11] refuses keys that could leave the bucket prefix, without any request', async () => {
    const storage = createS3Storage(config);
    const before = s3.seen.length;
    for (const key of ['../secret.png', 'a/../../b.png', '/abs.png', 'x/y/z.png', 'UPPER.png'])
      await expect(storage.put(key, Buffer.from('x'))).rejects.toBeInstanceOf(InvalidStorageKeyError);
    expect(s3.seen.length).toBe(before);
  });

  it('[OPS-11] an unreachable store is a clear error, not a hang', async () => {
    const storage = createS3Storage({ ...config, endpoint: 'http://127.0.0.1:9' }, { timeoutMs: 2000 });
    await expect(storage.get('a.png')).rejects.toThrow(/object store unreachable/);
  });

  describe('wired into the app', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({
        S3_ENDPOINT: s3.endpoint,
        S3_BUCKET: bucket,
        S3_REGION: 'us-east-1',
        S3_ACCESS_KEY_ID: credentials.accessKeyId,
        S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
        S3_FORCE_PATH_STYLE: 'true',
      });
    });
    afterAll(() => t.close());

    it('[OPS-11] with S3_* set the app keeps uploads in the object store, not in DATA_DIR', async () => {
      const user = await createUser(t);
      const uploaded = await t.request(avatarUpload(await solidPng(64, 48, '#3a7'), user.accessToken));
      expect(uploaded.statusCode, uploaded.body).toBe(200);
      const { original } = uploaded.json() as { original: string };
      const name = original.slice(original.lastIndexOf('/') + 1);
      expect(s3.objects.has(name)).toBe(true);
      expect(existsSync(join(t.config.dataDir, 'uploads', name))).toBe(false);
      const served = await t.request({ method: 'GET', url: original });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(s3.objects.get(name) ?? Buffer.alloc(0))).toBe(true);
    });
  });
});

import { createHash, createHmac } from 'node:crypto';
import type { S3Config } from '../config.ts';
import { InvalidStorageKeyError, type FileStorage } from './storage.ts';

/**
 * Uploaded files in an S3-compatible object store (AWS S3, MinIO, Cloudflare R2, …), selected by
 * the S3_* variables (docs/deployment.md). Requests are signed with AWS Signature Version 4,
 * written here with node:crypto and fetch rather than an SDK: three operations (PUT, GET,
 * DELETE of one object) do not justify a dependency of several megabytes.
 *
 * Addressing: virtual-hosted (https://bucket.endpoint/key, AWS and R2) by default, path-style
 * (https://endpoint/bucket/key, MinIO) with S3_FORCE_PATH_STYLE=true.
 */

const ALGORITHM = 'AWS4-HMAC-SHA256';
const UNSIGNED_EMPTY = createHash('sha256').update('').digest('hex');
/** Same rule as the local storage: keys come from the server, and are checked anyway. */
const KEY = /^(?:[a-z0-9]{1,32}\/)?[a-z0-9][a-z0-9-]{0,127}\.[a-z0-9]{2,5}$/;
const REQUEST_TIMEOUT_MS = 30_000;

export interface SigningCredentials {
  accessKeyId: string;
  secretAccessKey: string;
}

export interface SignRequestInput {
  method: string;
  url: URL;
  /** Extra headers to send and sign (e.g. range, content-type); names in any case. */
  headers?: Record<string, string>;
  /** Hex SHA-256 of the body (the empty string's hash for no body). */
  payloadHash: string;
  region: string;
  service?: string;
  credentials: SigningCredentials;
  now: Date;
}

/** RFC 3986 encoding as SigV4 wants it: every byte except A-Z a-z 0-9 - . _ ~ (and / in paths). */
export function uriEncode(value: string, keepSlash: boolean): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const char = String.fromCharCode(byte);
    if (/[A-Za-z0-9\-._~]/.test(char) || (keepSlash && char === '/')) out += char;
    else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

function sha256Hex(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

function hmac(key: string | Buffer, data: string): Buffer {
  return createHmac('sha256', key).update(data).digest();
}

/** 20130524T000000Z */
function amzDate(now: Date): string {
  return now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** The canonical request of SigV4 (exported for tests that compare it with the documented one). */
export function canonicalRequest(
  method: string,
  url: URL,
  headers: Record<string, string>,
  payloadHash: string,
): { text: string; signedHeaders: string } {
  // S3 does not normalise paths: each segment is encoded once, as sent.
  const path = uriEncode(decodeURIComponent(url.pathname), true) || '/';
  const query = [...url.searchParams.entries()]
    .map(([k, v]) => [uriEncode(k, false), uriEncode(v, false)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : av > bv ? 1 : 0) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const names = Object.keys(headers).sort();
  const canonicalHeaders = names
    .map((name) => `${name}:${(headers[name] ?? '').trim().replace(/\s+/g, ' ')}\n`)
    .join('');
  const signedHeaders = names.join(';');
  return {
    text: [method.toUpperCase(), path, query, canonicalHeaders, signedHeaders, payloadHash].join('\n'),
    signedHeaders,
  };
}

/**
 * Signs a request with SigV4 (authorization header). Answers every header to send: the given
 * ones plus host, x-amz-date, x-amz-content-sha256 and authorization (lower-case names).
 */
export function signRequest(input: SignRequestInput): Record<string, string> {
  const service = input.service ?? 's3';
  const timestamp = amzDate(input.now);
  const day = timestamp.slice(0, 8);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(input.headers ?? {})) headers[name.toLowerCase()] = value;
  headers.host = input.url.host;
  headers['x-amz-date'] = timestamp;
  headers['x-amz-content-sha256'] = input.payloadHash;

  const { text, signedHeaders } = canonicalRequest(input.method, input.url, headers, input.payloadHash);
  const scope = `${day}/${input.region}/${service}/aws4_request`;
  const stringToSign = [ALGORITHM, timestamp, scope, sha256Hex(text)].join('\n');
  const kDate = hmac(`AWS4${input.credentials.secretAccessKey}`, day);
  const kRegion = hmac(kDate, input.region);
  const kService = hmac(kRegion, service);
  const kSigning = hmac(kService, 'aws4_request');
  const signature = createHmac('sha256', kSigning).update(stringToSign).digest('hex');
  headers.authorization = `${ALGORITHM} Credential=${input.credentials.accessKeyId}/${scope},SignedHeaders=${signedHeaders},Signature=${signature}`;
  return headers;
}

/** An answer from the object store that is not what the operation expects. */
export class S3StorageError extends Error {
  override name = 'S3StorageError';
  constructor(
    message: string,
    public readonly status: number,
    public readonly code: string | undefined,
  ) {
    super(message);
  }
}

function checked(key: string): string {
  if (!KEY.test(key)) throw new InvalidStorageKeyError(`invalid storage key: ${JSON.stringify(key)}`);
  return key;
}

export interface S3StorageOptions {
  /** Injected by tests; the real clock otherwise. */
  now?: () => Date;
  timeoutMs?: number;
}

/** The URL of an object: path-style or virtual-hosted. */
export function objectUrl(
  config: Pick<S3Config, 'endpoint' | 'bucket' | 'forcePathStyle'>,
  key: string,
): URL {
  const endpoint = new URL(config.endpoint);
  const base = endpoint.pathname.replace(/\/+$/, '');
  if (config.forcePathStyle) {
    endpoint.pathname = `${base}/${config.bucket}/${key}`;
  } else {
    endpoint.hostname = `${config.bucket}.${endpoint.hostname}`;
    endpoint.pathname = `${base}/${key}`;
  }
  return endpoint;
}

export function createS3Storage(config: S3Config, options: S3StorageOptions = {}): FileStorage {
  const now = options.now ?? (() => new Date());
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const credentials = { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey };

  async function send(method: 'PUT' | 'GET' | 'DELETE', key: string, body?: Buffer): Promise<Response> {
    const url = objectUrl(config, checked(key));
    const payloadHash = body ? sha256Hex(body) : UNSIGNED_EMPTY;
    const headers = signRequest({
      method,
      url,
      headers: body ? { 'content-type': 'application/octet-stream' } : {},
      payloadHash,
      region: config.region,
      credentials,
      now: now(),
    });
    // fetch sets Host itself (from the URL, the same value that was signed).
    delete headers.host;
    try {
      return await fetch(url, {
        method,
        headers,
        ...(body ? { body: new Uint8Array(body) } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new S3StorageError(`object store unreachable (${method} ${key}): ${reason}`, 0, undefined);
    }
  }

  /** The store's error code (<Code>NoSuchBucket</Code>), never its full body. */
  async function failure(response: Response, method: string, key: string): Promise<S3StorageError> {
    const text = await response.text().catch(() => '');
    const code = /<Code>([^<]{1,64})<\/Code>/.exec(text)?.[1];
    return new S3StorageError(
      `object store answered ${response.status}${code ? ` ${code}` : ''} to ${method} ${key}`,
      response.status,
      code,
    );
  }

  return {
    async put(key, data) {
      const response = await send('PUT', key, data);
      if (!response.ok) throw await failure(response, 'PUT', key);
      await response.body?.cancel();
    },
    async get(key) {
      const response = await send('GET', key);
      if (response.status === 404) {
        await response.body?.cancel();
        return undefined;
      }
      if (!response.ok) throw await failure(response, 'GET', key);
      return Buffer.from(await response.arrayBuffer());
    },
    async delete(key) {
      const response = await send('DELETE', key);
      // Deleting what is already gone is done.
      if (!response.ok && response.status !== 404) throw await failure(response, 'DELETE', key);
      await response.body?.cancel();
    },
  };
}

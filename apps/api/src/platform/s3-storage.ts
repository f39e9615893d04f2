import { AwsV4Signer } from 'aws4fetch';
import { createHash } from 'node:crypto';
import type { S3Config } from '../config.ts';
import { InvalidStorageKeyError, type FileStorage } from './storage.ts';

/**
 * Uploaded files in an S3-compatible object store (AWS S3, MinIO, Cloudflare R2, …), selected by
 * the S3_* variables (docs/deployment.md). Requests are signed with AWS Signature Version 4 by
 * aws4fetch (a maintained signer of a few kilobytes, on WebCrypto) and sent with fetch: three
 * operations (PUT, GET, DELETE of one object) do not justify the AWS SDK.
 *
 * Addressing: virtual-hosted (https://bucket.endpoint/key, AWS and R2) by default, path-style
 * (https://endpoint/bucket/key, MinIO) with S3_FORCE_PATH_STYLE=true.
 */

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

function sha256Hex(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

/** 20130524T000000Z */
function amzDate(now: Date): string {
  return now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/**
 * aws4fetch's signer for a request. Every given header is signed (allHeaders: range and
 * content-type too, as S3 accepts), and the payload hash is sent as x-amz-content-sha256.
 */
function signer(input: Omit<SignRequestInput, 'now'> & { datetime: string }): AwsV4Signer {
  const headers = new Headers(input.headers);
  headers.set('x-amz-content-sha256', input.payloadHash);
  return new AwsV4Signer({
    method: input.method,
    url: input.url.href,
    headers,
    accessKeyId: input.credentials.accessKeyId,
    secretAccessKey: input.credentials.secretAccessKey,
    service: input.service ?? 's3',
    region: input.region,
    datetime: input.datetime,
    allHeaders: true,
  });
}

/**
 * The canonical request of SigV4 for headers signed already (host, x-amz-date, …), as the signer
 * builds it (exported for tests that compare it with the documented one).
 */
export async function canonicalRequest(
  method: string,
  url: URL,
  headers: Record<string, string>,
  payloadHash: string,
): Promise<{ text: string; signedHeaders: string }> {
  const { host: _host, 'x-amz-date': datetime = '', ...rest } = headers;
  const signed = signer({
    method,
    url,
    headers: rest,
    payloadHash,
    // The canonical request does not depend on who signs it, nor where.
    region: '-',
    credentials: { accessKeyId: '-', secretAccessKey: '-' },
    datetime,
  });
  return { text: await signed.canonicalString(), signedHeaders: signed.signedHeaders };
}

/**
 * Signs a request with SigV4 (authorization header). Answers every header to send: the given
 * ones plus host, x-amz-date, x-amz-content-sha256 and authorization (lower-case names).
 */
export async function signRequest(input: SignRequestInput): Promise<Record<string, string>> {
  const signed = signer({ ...input, datetime: amzDate(input.now) });
  const headers: Record<string, string> = { host: input.url.host };
  signed.headers.forEach((value, name) => {
    headers[name] = value;
  });
  headers.authorization = `AWS4-HMAC-SHA256 Credential=${input.credentials.accessKeyId}/${signed.credentialString},SignedHeaders=${signed.signedHeaders},Signature=${await signed.signature()}`;
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
    const headers = await signRequest({
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

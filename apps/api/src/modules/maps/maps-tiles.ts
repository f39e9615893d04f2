import { stat } from 'node:fs/promises';

/** A byte range of the archive, both ends included (as in Content-Range). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * One `Range: bytes=…` header against a file of `size` bytes (RFC 9110 §14): a range, 'unsatisfiable'
 * (416), or undefined when the whole file is to be sent (no header, another unit, several ranges,
 * or a malformed value, which the RFC says to ignore).
 */
export function parseRange(
  header: string | undefined,
  size: number,
): ByteRange | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return undefined;
  if (first === '') {
    // A suffix: the last N bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return undefined;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

/** What to answer for the archive. */
export type TilesAnswer =
  | { kind: 'absent' }
  | { kind: 'not-modified'; etag: string }
  | { kind: 'unsatisfiable'; size: number; etag: string }
  | { kind: 'full'; path: string; size: number; etag: string; lastModified: Date }
  | { kind: 'partial'; path: string; size: number; etag: string; lastModified: Date; range: ByteRange };

/** The PMTiles archive (MAP_PMTILES) answered for a request's Range and If-None-Match headers. */
export async function answerTiles(
  path: string | undefined,
  headers: { range?: string; ifNoneMatch?: string },
): Promise<TilesAnswer> {
  if (!path) return { kind: 'absent' };
  const info = await stat(path).catch(() => undefined);
  if (!info?.isFile()) return { kind: 'absent' };
  const size = info.size;
  // Size and modification time: a replaced extract gets a new tag (the pmtiles client checks it).
  const etag = `"${size.toString(36)}-${Math.floor(info.mtimeMs).toString(36)}"`;
  const lastModified = info.mtime;
  if (
    !headers.range &&
    headers.ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)
  )
    return { kind: 'not-modified', etag };
  const range = parseRange(headers.range, size);
  if (range === 'unsatisfiable') return { kind: 'unsatisfiable', size, etag };
  if (!range) return { kind: 'full', path, size, etag, lastModified };
  return { kind: 'partial', path, size, etag, lastModified, range };
}

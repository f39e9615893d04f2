import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { ImageRejectedError, inspectImage, resizeImage } from '../../../platform/images.ts';
import { publicFileUrl } from '../../../platform/storage.ts';
import { randomId } from '../../../platform/tokens.ts';
import type { TripContext } from './trip-context.ts';
import type { TripRow } from './trips.table.ts';

/** The cover: the original with its longest side at most this, and a ~940×650 landscape crop. */
export const COVER_ORIGINAL_MAX_SIDE = 1920;
export const COVER_LANDSCAPE = { width: 940, height: 650 } as const;

/** Deletes an uploaded cover's two files; a failure is logged, never thrown. */
export async function removeCoverFiles(
  ctx: Pick<TripContext, 'storage' | 'log'>,
  coverKey: string | null,
): Promise<void> {
  if (!coverKey) return;
  for (const key of [`${coverKey}.webp`, `${coverKey}-landscape.webp`]) {
    await ctx.storage
      .delete(key)
      .catch((err: Error) => ctx.log.warn({ key, err: err.message }, 'could not delete a cover file'));
  }
}

/** Judges and re-encodes an upload (the avatar rules): the original and the landscape crop. */
async function encodeCover(data: Buffer): Promise<{ original: Buffer; landscape: Buffer }> {
  try {
    const { width, height } = await inspectImage(data);
    const original = await resizeImage(
      data,
      width >= height ? { width: COVER_ORIGINAL_MAX_SIDE } : { height: COVER_ORIGINAL_MAX_SIDE },
    );
    return { original, landscape: await resizeImage(data, COVER_LANDSCAPE) };
  } catch (error) {
    if (error instanceof ImageRejectedError)
      throw new AppError(error.code, error.message, 400, { field: 'file' });
    throw error;
  }
}

/** Where a cover with this key is served. */
export interface CoverFiles {
  key: string;
  original: string;
  landscape: string;
}

/**
 * A new cover from an upload: judged and re-encoded (a rejected image answers 400 before anything
 * is stored), stored under a fresh key, then `attach` points the trip at it inside a transaction
 * and names the locked trip (whose coverKey is the previous one). The previous upload's files are
 * deleted once the trip points at the new ones; on any failure the new files are deleted instead.
 */
export async function replaceCover<T>(
  ctx: Pick<TripContext, 'db' | 'storage' | 'log'>,
  data: Buffer,
  attach: (tx: Db, files: CoverFiles) => Promise<{ locked: TripRow; value: T }>,
): Promise<T> {
  const { original, landscape } = await encodeCover(data);
  const key = randomId();
  try {
    await ctx.storage.put(`${key}.webp`, original);
    await ctx.storage.put(`${key}-landscape.webp`, landscape);
    const files = {
      key,
      original: publicFileUrl(`${key}.webp`),
      landscape: publicFileUrl(`${key}-landscape.webp`),
    };
    const { locked, value } = await ctx.db.transaction((tx) => attach(tx, files));
    await removeCoverFiles(ctx, locked.coverKey);
    return value;
  } catch (error) {
    await removeCoverFiles(ctx, key);
    throw error;
  }
}

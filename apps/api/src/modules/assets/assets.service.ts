import {
  AVATAR_ORIGINAL_MAX_SIDE,
  AVATAR_THUMBNAIL_SIZE,
  type AvatarResponse,
} from '@tripcrew/contracts/assets';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, notFound } from '../../platform/errors.ts';
import { ImageRejectedError, makeAvatar, resizeImage } from '../../platform/images.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { randomId } from '../../platform/tokens.ts';
import type { UsersService } from '../users/index.ts';

/**
 * Resize requests are rounded up to one of these steps, so the variants cached on disk per
 * image stay bounded (at most steps² + 2·steps) whatever sizes callers ask for.
 */
export const SIZE_STEPS = [
  16, 32, 48, 64, 96, 128, 160, 192, 240, 256, 320, 360, 400, 480, 540, 600, 640, 650, 720, 768, 800, 940,
  960, 1024, 1080, 1200, 1280, 1440, 1600, 1920, 2048,
] as const;

export function roundToStep(pixels: number): number {
  return SIZE_STEPS.find((step) => step >= pixels) ?? 2048;
}

/** Every resized copy readFile may have cached of the stored file `name` (a bounded set). */
export function variantKeysOf(name: string): string[] {
  const base = name.slice(0, name.lastIndexOf('.'));
  const sides = [0, ...SIZE_STEPS];
  return sides.flatMap((width) =>
    sides.flatMap((height) =>
      width === 0 && height === 0 ? [] : [`variants/${base}-w${width}h${height}.webp`],
    ),
  );
}

/**
 * Deletes stored files and every resized copy of them (account deletion: the avatar). A failure
 * is logged, never thrown: the files are already unreachable from the database.
 */
export async function removeStoredFiles(
  deps: { storage: FileStorage; log: Pick<FastifyBaseLogger, 'warn'> },
  names: readonly string[],
): Promise<void> {
  const keys = names.flatMap((name) => [name, ...variantKeysOf(name)]);
  let failed = 0;
  for (let start = 0; start < keys.length; start += 32) {
    await Promise.all(
      keys.slice(start, start + 32).map((key) =>
        deps.storage.delete(key).catch((err: Error) => {
          failed += 1;
          if (failed <= 3) deps.log.warn({ key, err: err.message }, 'could not delete a file');
        }),
      ),
    );
  }
}

const CONTENT_TYPES: Record<string, string> = { webp: 'image/webp', jpg: 'image/jpeg', png: 'image/png' };

export interface AssetsServiceDeps {
  storage: FileStorage;
  users: UsersService;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

export function createAssetsService(deps: AssetsServiceDeps) {
  const { storage, users, log } = deps;

  async function removeQuietly(keys: string[]): Promise<void> {
    for (const key of keys) {
      await storage
        .delete(key)
        .catch((err: Error) => log.warn({ key, err: err.message }, 'could not delete a file'));
    }
  }

  return {
    /**
     * Re-encodes the upload (all metadata dropped), stores an original and a thumbnail, then
     * points the user at them. Nothing changes for the user unless every step succeeded.
     */
    async uploadAvatar(userId: string, data: Buffer): Promise<AvatarResponse> {
      let images: { original: Buffer; thumbnail: Buffer };
      try {
        images = await makeAvatar(data, {
          maxSide: AVATAR_ORIGINAL_MAX_SIDE,
          thumbnail: AVATAR_THUMBNAIL_SIZE,
        });
      } catch (error) {
        if (error instanceof ImageRejectedError)
          throw new AppError(error.code, error.message, 400, { field: 'file' });
        throw error;
      }
      const id = randomId();
      const keys = { original: `${id}.webp`, thumbnail: `${id}-thumb.webp` };
      try {
        await storage.put(keys.original, images.original);
        await storage.put(keys.thumbnail, images.thumbnail);
        const { previous, image } = await users.replaceAvatar(userId, keys);
        if (previous) await removeQuietly([previous.original, previous.thumbnail]);
        return image;
      } catch (error) {
        await removeQuietly([keys.original, keys.thumbnail]);
        throw error;
      }
    },

    /** A stored file, or a resized copy of it (cached on disk after the first request). */
    async readFile(
      name: string,
      box: { width?: number | undefined; height?: number | undefined },
    ): Promise<{ data: Buffer; contentType: string }> {
      const original = await storage.get(name);
      if (!original) throw notFound('There is no file with this name.');
      const extension = name.slice(name.lastIndexOf('.') + 1);
      if (box.width === undefined && box.height === undefined) {
        return { data: original, contentType: CONTENT_TYPES[extension] ?? 'application/octet-stream' };
      }
      const width = box.width === undefined ? undefined : roundToStep(box.width);
      const height = box.height === undefined ? undefined : roundToStep(box.height);
      const variantKey = `variants/${name.slice(0, name.lastIndexOf('.'))}-w${width ?? 0}h${height ?? 0}.webp`;
      let variant = await storage.get(variantKey);
      if (!variant) {
        try {
          variant = await resizeImage(original, {
            ...(width !== undefined ? { width } : {}),
            ...(height !== undefined ? { height } : {}),
          });
        } catch (error) {
          if (error instanceof ImageRejectedError)
            throw new AppError('UNREADABLE_IMAGE', 'This file cannot be resized.', 422);
          throw error;
        }
        await storage.put(variantKey, variant);
      }
      return { data: variant, contentType: 'image/webp' };
    },
  };
}
export type AssetsService = ReturnType<typeof createAssetsService>;

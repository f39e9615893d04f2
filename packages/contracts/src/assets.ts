import { z } from 'zod';

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export const AVATAR_ORIGINAL_MAX_SIDE = 1024;
export const AVATAR_THUMBNAIL_SIZE = 128;

/** Stored file names are generated ids: 32 hex characters, an optional variant suffix, an extension. */
export const STORED_FILE_NAME = /^[a-f0-9]{32}(-[a-z0-9]{1,16})?\.(webp|jpg|png)$/;

/** POST /assets/upload/avatar: the updated image URLs. */
export const avatarResponseSchema = z.object({ original: z.string(), thumbnail: z.string() });
export type AvatarResponse = z.infer<typeof avatarResponseSchema>;

export const fileParamsSchema = z.strictObject({
  name: z.string().regex(STORED_FILE_NAME, 'This is not the name of a stored file.'),
});

const pixels = z
  .number({ error: 'Give the size in pixels, like 540.' })
  .int('Give the size in whole pixels, like 540.')
  .min(16, 'The smallest size is 16 pixels.')
  .max(2048, 'The largest size is 2048 pixels.');

const dimension = z
  .string()
  .regex(/^\d{1,5}$/, 'Give the size in whole pixels, like 540.')
  .transform(Number)
  .pipe(pixels);

const sizePair = z
  .string()
  .regex(/^\d{1,5}x\d{1,5}$/i, 'Give the size as WIDTHxHEIGHT, like 940x650.')
  .transform((v) => v.toLowerCase().split('x').map(Number) as [number, number])
  .pipe(z.tuple([pixels, pixels]));

/**
 * GET /assets/files/{name}: optional resize. `w`/`h` (either or both), or `size`/`compress` as
 * WIDTHxHEIGHT (SPEC §9 asks for about 940x650 and 540x540). Sizes are rounded up to a fixed
 * set of steps so the variants cached on disk stay bounded.
 */
export const fileQuerySchema = z.strictObject({
  w: dimension.optional(),
  h: dimension.optional(),
  size: sizePair.optional(),
  compress: sizePair.optional(),
});
export type FileQuery = z.input<typeof fileQuerySchema>;

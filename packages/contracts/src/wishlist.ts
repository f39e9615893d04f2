import { z } from 'zod';
import { idSchema, lineText } from './common.ts';
import { featureSchema } from './features.ts';

import { DEFAULT_WISHLIST } from './constants.ts';

export { DEFAULT_WISHLIST };
export const WISHLIST_NAME_MAX = 40;
export const WISHLIST_MAX_LISTS = 20;
export const WISHLIST_MAX_ITEMS = 1000;

export const wishlistNameSchema = lineText()
  .min(1, 'Give the list a name')
  .max(WISHLIST_NAME_MAX, `A list name has at most ${WISHLIST_NAME_MAX} characters`);

export const wishlistQuerySchema = z.strictObject({ listname: wishlistNameSchema.default(DEFAULT_WISHLIST) });

/** GET /core/wishlist/ids?listname=: the feature ids on that list. */
export const wishlistIdsResponseSchema = z.array(z.string());
/** GET /core/wishlist/listnames: the caller's list names, 'default' first. */
export const wishlistListNamesResponseSchema = z.array(z.string());

/** GET /core/wishlist/all?listname=: items each with its feature. */
export const wishlistItemSchema = z.object({
  _id: z.string().describe('the feature id'),
  listname: z.string(),
  createdAt: z.string().describe('ISO 8601 timestamp'),
  feature: featureSchema,
});
export type WishlistItem = z.infer<typeof wishlistItemSchema>;
export const wishlistAllResponseSchema = z.array(wishlistItemSchema);

/** POST /core/wishlist. */
export const wishlistAddBodySchema = z.strictObject({
  featureId: idSchema,
  listname: wishlistNameSchema.optional(),
});
/** DELETE /wishlist/{featureId} and /core/wishlist/{featureId} (?listname=, default 'default'). */
export const wishlistFeatureParamsSchema = z.strictObject({ featureId: idSchema });
/** The list's ids after the change. */
export const wishlistChangeResponseSchema = z.object({ listname: z.string(), ids: z.array(z.string()) });

/** POST /core/wishlist/lists {name} creates a list; PATCH /core/wishlist/lists/{name} {name} renames one. */
/** POST /core/wishlist/move: a saved feature goes from one of your lists to another, in one step. */
export const wishlistMoveBodySchema = z
  .strictObject({
    featureId: idSchema,
    from: wishlistNameSchema,
    to: wishlistNameSchema,
  })
  .refine((body) => body.from !== body.to, { message: 'Pick another list to move it to', path: ['to'] });
export const wishlistMoveResponseSchema = z.object({
  from: wishlistChangeResponseSchema,
  to: wishlistChangeResponseSchema,
});
export type WishlistMove = z.infer<typeof wishlistMoveResponseSchema>;

export const wishlistListBodySchema = z.strictObject({ name: wishlistNameSchema });
export const wishlistListParamsSchema = z.strictObject({ listname: wishlistNameSchema });

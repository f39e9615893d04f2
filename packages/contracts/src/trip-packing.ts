import { z } from 'zod';
import { baseVersionSchema, idSchema, lineText } from './common.ts';

/**
 * The trip's shared packing list (a sub-resource of trips): items any participant adds, may
 * assign to a member, and ticks for everyone. Besides it, each member keeps the SPEC's personal
 * ticks of the vocabulary checklist (GET|PUT /core/trips/{id}/checklist).
 */
export const PACKING_ITEM_MAX = 120;
export const PACKING_MAX_ITEMS = 300;

const itemText = lineText()
  .min(1, 'Name the item')
  .max(PACKING_ITEM_MAX, `An item has at most ${PACKING_ITEM_MAX} characters`);

export const packingItemSchema = z.object({
  _id: z.string(),
  text: z.string(),
  /** The member who brings it, or null for anyone. */
  assignedTo: z.object({ _id: z.string(), name: z.string() }).nullable(),
  done: z.boolean(),
  createdBy: z.string().nullable().describe('user id of who added it'),
  createdAt: z.string(),
  /** Raised by one on each change (decision 035). */
  version: z.number().int(),
});
export type PackingItem = z.infer<typeof packingItemSchema>;
export const packingListSchema = z.array(packingItemSchema);

/** POST /core/trips/{id}/packing */
export const createPackingItemBodySchema = z.strictObject({
  /** Optional id chosen by the client (a UUID), so an item added offline can be changed offline too. */
  _id: z.uuid('An item id must be a UUID').optional(),
  text: itemText,
  assignedTo: idSchema.nullable().default(null),
});

/** PATCH /core/trips/{id}/packing/{itemId}: any of these. */
export const updatePackingItemBodySchema = z
  .strictObject({
    text: itemText.optional(),
    assignedTo: idSchema.nullable().optional(),
    done: z.boolean().optional(),
    /** The version of the item the edit started from (decision 035): 409 if the same field changed since. */
    version: baseVersionSchema,
  })
  .refine(
    (b) => b.text !== undefined || b.assignedTo !== undefined || b.done !== undefined,
    'Nothing to update',
  );

export const packingItemParamsSchema = z.strictObject({ id: idSchema, itemId: idSchema });

import { z } from 'zod';

/** Every API error has this shape (DESIGN §4 rule 3). */
export const apiErrorSchema = z.object({
  statusCode: z.number().int(),
  code: z.string(),
  message: z.string(),
  reason: z.string().optional(),
  field: z.string().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** A database id as the API exposes it (`_id`). */
export const idSchema = z.string().min(1).max(64);

export const idParamsSchema = z.strictObject({ id: idSchema });

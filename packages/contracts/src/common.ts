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

/** The shape of a UUID (any version), the form of every row id in the database. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when `value` has the shape of a UUID; anything else can never match a row id. */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}

/** The answer of an operation that has nothing else to say (every DELETE answers 200 with it). */
export const okSchema = z.object({ ok: z.literal(true) });
export type Ok = z.infer<typeof okSchema>;

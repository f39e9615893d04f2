import { z } from 'zod';

/** Every API error has this shape (DESIGN §4 rule 3). */
export const apiErrorSchema = z.object({
  statusCode: z.number().int(),
  code: z.string(),
  message: z.string(),
  reason: z.string().optional(),
  field: z.string().optional(),
  /**
   * A 409 VERSION_CONFLICT (decision 035): the record as it is now, the fields someone else
   * changed since the version the edit started from, and who changed them last.
   */
  conflict: z
    .object({
      kind: z.string(),
      recordId: z.string(),
      version: z.number().int(),
      fields: z.array(z.string()),
      current: z.record(z.string(), z.unknown()),
      changedBy: z.object({ _id: z.string(), name: z.string() }).nullable(),
      changedAt: z.string().nullable(),
    })
    .optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/**
 * Characters no text the API keeps may hold (issue 22): the C0 controls, DEL, the C1 controls and
 * the bidi embedding, override and isolate characters (they make a name display as another).
 * PostgreSQL refuses NUL in text outright. Multi-line text keeps tab, line feed and carriage return.
 * The byte-order mark U+FEFF and the noncharacters U+FFFE and U+FFFF are refused too.
 */
// eslint-disable-next-line no-control-regex
const FORBIDDEN_IN_LINE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\ufeff\ufffe\uffff]/;
const FORBIDDEN_IN_TEXT =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\ufeff\ufffe\uffff]/;

/**
 * Text made only of characters that show nothing (spaces, zero-width and other default-ignorable
 * characters, Hangul fillers, the Braille blank): a name or a message like that looks empty.
 */
const ONLY_INVISIBLE = /^[\s\p{Default_Ignorable_Code_Point}\u2800]+$/u;

export const INVISIBLE_ONLY_MESSAGE = 'Write at least one visible character.';

/** True when `value` is empty or shows at least one character. */
export function hasVisibleText(value: string): boolean {
  return value === '' || !ONLY_INVISIBLE.test(value);
}

export const CONTROL_CHARACTERS_MESSAGE = 'Remove the control or text-direction characters.';

/** True when `value` is fit for a one-line field (a name, a title, an id, a search). */
export function isCleanLine(value: string): boolean {
  return !FORBIDDEN_IN_LINE.test(value);
}

/** True when `value` is fit for a multi-line field (a message, a note): tabs and line breaks are fine. */
export function isCleanText(value: string): boolean {
  return !FORBIDDEN_IN_TEXT.test(value);
}

/**
 * A one-line text field, trimmed (`trim: false` keeps it as sent): every name, title, search and
 * token of a request is one, so no control or text-direction character reaches a service.
 */
export function lineText(params?: { error?: string }, options: { trim?: boolean } = {}) {
  const base = z.string(params);
  if (options.trim === false) return base.refine(isCleanLine, CONTROL_CHARACTERS_MESSAGE);
  return base
    .trim()
    .refine(isCleanLine, CONTROL_CHARACTERS_MESSAGE)
    .refine(hasVisibleText, INVISIBLE_ONLY_MESSAGE);
}

/** A multi-line text field, trimmed: messages and notes. */
export function multiLineText(params?: { error?: string }) {
  return z
    .string(params)
    .trim()
    .refine(isCleanText, CONTROL_CHARACTERS_MESSAGE)
    .refine(hasVisibleText, INVISIBLE_ONLY_MESSAGE);
}

/** A database id as the API exposes it (`_id`). */
export const idSchema = lineText(undefined, { trim: false }).min(1).max(64);

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

/** The version an edit started from (decision 035): optional; without it the edit is applied as sent. */
export const baseVersionSchema = z
  .number()
  .int('A version is a whole number')
  .min(1, 'A version starts at 1')
  .max(2_147_483_647)
  .optional();

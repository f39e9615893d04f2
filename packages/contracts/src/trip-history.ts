import { z } from 'zod';
import { idSchema } from './common.ts';

/**
 * The trip's history (decision 035): every change of the trip's records, newest first — who,
 * what, when, the fields changed with their values before and after. The web app puts it into
 * words ("Ben moved Castelo de São Jorge from day 1 to day 2").
 */
export const HISTORY_KINDS = [
  'trip',
  'trip-feature',
  'planner-item',
  'packing-item',
  'trip-place',
  'booking',
  'expense',
  'settlement',
  'budget',
] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];

export const HISTORY_ACTIONS = ['added', 'changed', 'moved', 'removed', 'restored'] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];

/** At most this many entries per page of the history. */
export const HISTORY_PAGE_MAX = 100;

export const historyEntrySchema = z.object({
  _id: z.string(),
  kind: z.enum(HISTORY_KINDS),
  action: z.enum(HISTORY_ACTIONS),
  recordId: z.string().nullable(),
  /** What the record is called ("Castelo de São Jorge", a note's first words, an item). */
  label: z.string(),
  fields: z.array(z.string()),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  by: z.object({ _id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  /** The entry this one undid, if it is an undo. */
  undoOf: z.string().nullable(),
  /** Undone since (an undo of it exists). */
  undone: z.boolean(),
  /** The caller may undo it (an admin or its author, and the change can be undone). */
  canUndo: z.boolean(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const historyPageSchema = z.object({
  entries: z.array(historyEntrySchema),
  /** Pass as `before` for the next (older) page; null when there is none. */
  next: z.string().nullable(),
});
export type HistoryPage = z.infer<typeof historyPageSchema>;

/** GET /core/trips/{id}/history: filters by person and kind, pages by `before` (an entry id). */
export const historyQuerySchema = z.strictObject({
  person: idSchema.optional(),
  kind: z.enum(HISTORY_KINDS).optional(),
  before: idSchema.optional(),
  limit: z.coerce.number().int().min(1).max(HISTORY_PAGE_MAX).default(50),
});

export const historyEntryParamsSchema = z.strictObject({ id: idSchema, entryId: idSchema });

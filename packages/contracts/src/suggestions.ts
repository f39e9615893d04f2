import { z } from 'zod';
import { idSchema } from './common.ts';
import { featureSchema } from './features.ts';
import { placeTypeSchema } from './places.ts';
import { transportModeSchema } from './trips.ts';

/** The place a suggestion opens: enough to build its /place/... path. */
export const suggestionPlaceSchema = z.object({
  _id: z.string(),
  title: z.string(),
  type: placeTypeSchema,
  country: z.string(),
  region: z.string().nullable(),
});

/** SPEC §3 Suggestion: a curated trip plan. */
export const suggestionSchema = z.object({
  _id: z.string(),
  title: z.string(),
  image: z.string(),
  description: z.string(),
  days: z.number().int(),
  /** A string of emoji, shown as separate icons. */
  icons: z.string(),
  place: suggestionPlaceSchema,
});
export type Suggestion = z.infer<typeof suggestionSchema>;

/** GET /core/suggestions */
export const suggestionsResponseSchema = z.array(suggestionSchema);

/** GET /core/suggestions/{id}/plan: a suggestion's ready-made plan, timed as the planner would. */
export const suggestionPlanSchema = z.object({
  suggestion: suggestionSchema,
  /** How the plan travels: 'public' (walking and transit) or 'private' (a car). */
  transport: transportModeSchema,
  /** Weekdays (0 = Sunday … 6 = Saturday) a trip may start on with every stop open on its day. */
  startDays: z.array(z.number().int().min(0).max(6)),
  days: z.array(
    z.object({
      title: z.string(),
      /** 'HH:MM' the day starts. */
      start: z.string(),
      stops: z.array(
        z.object({
          feature: featureSchema,
          /** 'HH:MM', local to the place: when the group gets there and leaves. */
          arrive: z.string(),
          leave: z.string(),
        }),
      ),
    }),
  ),
});
export type SuggestionPlan = z.infer<typeof suggestionPlanSchema>;

export const suggestionIdParamsSchema = z.strictObject({ id: idSchema });

import { z } from 'zod';
import { baseVersionSchema, idSchema, lineText, multiLineText } from './common.ts';
import { TRIP_NAME_MAX, TRIP_ROLES } from './constants.ts';
import { featureSchema, VISIT_MINUTES_MAX, VISIT_MINUTES_MIN } from './features.ts';
import { tripPlaceSchema } from './trip-places.ts';

/** SPEC §3: public shows a flight icon, private a car icon; private is the default. */
export const transportModeSchema = z.enum(['public', 'private']);
export type TransportMode = z.infer<typeof transportModeSchema>;

export { TRIP_EDITOR_ROLES, TRIP_ROLES, type TripRole } from './constants.ts';
export const tripRoleSchema = z.enum(TRIP_ROLES);

/** The longest trip, in days (first and last day included). */
export const TRIP_MAX_DAYS = 180;
export { TRIP_NAME_MAX };
export const TRIP_MAX_FEATURES = 300;
export const TRIP_MAX_MEMBERS = 50;
export const PLANNER_NOTE_MAX = 500;
/** A day of a ready-made plan has at most this many stops. */
export const PLAN_DAY_MAX = 30;
/** A stop's opening hours corrected for a trip have at most this many characters. */
export const PLANNER_HOURS_MAX = 255;

/** A calendar day, `YYYY-MM-DD` (ISO 8601). Trip dates are days, free of time zones. */
const DAY = /^\d{4}-\d{2}-\d{2}$/;
export const tripDaySchema = z
  .string()
  .regex(DAY, 'Dates must look like 2026-12-31')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
  }, 'That date does not exist')
  .refine((s) => s >= '2000-01-01' && s <= '2100-12-31', 'Dates must be between the years 2000 and 2100');

/**
 * A date in a request: `YYYY-MM-DD`, or a full ISO date-time whose UTC day is taken
 * (SPEC §7 says ISO). Empty string or null clears the date.
 */
export const tripDateInputSchema = z
  .union([z.literal(''), z.null(), z.string().max(40)])
  .transform((v, ctx) => {
    if (v === '' || v === null) return null;
    const day = DAY.test(v)
      ? v
      : z.iso.datetime({ offset: true }).safeParse(v).success
        ? new Date(v).toISOString().slice(0, 10)
        : undefined;
    const parsed = day === undefined ? undefined : tripDaySchema.safeParse(day);
    if (!parsed?.success) {
      ctx.addIssue({
        code: 'custom',
        message: parsed?.error.issues[0]?.message ?? 'Dates must look like 2026-12-31',
      });
      return z.NEVER;
    }
    return parsed.data;
  });

export const tripImageSchema = z.object({
  /** URL of the full image. */
  original: z.string(),
  /** URL of the ~940×650 cover (SPEC §9 trip cards). */
  landscape: z.string(),
});
export type TripImage = z.infer<typeof tripImageSchema>;

export const tripMemberSchema = z.object({
  _id: z.string().describe('the user id'),
  role: tripRoleSchema,
  name: z.string(),
  lastName: z.string(),
  image: z.object({ thumbnail: z.string().nullable() }),
});
export type TripMember = z.infer<typeof tripMemberSchema>;

/**
 * A trip's next booking, as the trip lists answer it (the /trips cards and the home strip): the one
 * whose start instant is the soonest at or after now. Its start is local to where it happens.
 */
export const tripNextBookingSchema = z.object({
  _id: z.string(),
  kind: z.string().describe('the booking kind: flight, train, bus, ferry, car-rental, lodging, …'),
  title: z.string().describe('"Flight TP 1350"'),
  /** Airline, rail company, ferry line ("TP"); '' when none. */
  carrier: z.string(),
  /** Flight or train number ("1350"); '' when none. */
  number: z.string(),
  startLocal: z.string().describe('"2026-12-01T07:40", local to where it starts'),
  startZone: z.string().describe('IANA zone of where it starts ("Europe/Lisbon")'),
  startAt: z.string().describe('the start instant, ISO 8601 in UTC'),
  /** Where it starts (a place's name or an airport's code), or null. */
  placeName: z.string().nullable(),
});
export type TripNextBooking = z.infer<typeof tripNextBookingSchema>;

/** SPEC §3 Trip, plus what the screens need: the place, the caller's role and the feature count. */
export const tripSchema = z.object({
  _id: z.string(),
  tripName: z.string(),
  startDate: z.string().nullable().describe('YYYY-MM-DD, first day of the trip'),
  endDate: z.string().nullable().describe('YYYY-MM-DD, last day of the trip (included)'),
  transportMode: transportModeSchema,
  image: tripImageSchema,
  users: z.array(tripMemberSchema),
  placeId: z.string(),
  categories: z.array(z.string()),
  featureCount: z.number().int(),
  myRole: tripRoleSchema.describe("the caller's role in this trip"),
  createdAt: z.string(),
  /** Raised by one on each change of its name, dates, transport mode or image (decision 035). */
  version: z.number().int(),
  /** In the trip lists only (GET /core/trips, /core/trips/upcoming): the next booking, null when none is ahead. */
  next: tripNextBookingSchema.nullable().optional(),
});
export type Trip = z.infer<typeof tripSchema>;

export const tripListSchema = z.array(tripSchema);

export const tripIdParamsSchema = z.strictObject({ id: idSchema });
export const tripFeaturesParamsSchema = z.strictObject({ tripId: idSchema });

/** A planner time: 'HH:MM', 24-hour clock. */
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
export const plannerTimeSchema = z.string().regex(TIME, 'Times look like 09:30 (24-hour clock)');

/** POST /core/trips (SPEC §3 trip creation payload). Dates are both set or both empty. */
export const createTripBodySchema = z.strictObject({
  placeId: idSchema,
  startDate: tripDateInputSchema.optional().default(null),
  endDate: tripDateInputSchema.optional().default(null),
  transportMode: transportModeSchema.default('private'),
  featureIds: z
    .array(idSchema)
    .max(TRIP_MAX_FEATURES, `At most ${TRIP_MAX_FEATURES} features per trip`)
    .default([]),
  categories: z.array(lineText().min(1).max(80)).max(50, 'At most 50 categories').default([]),
  members: z
    .array(idSchema)
    .max(TRIP_MAX_MEMBERS, `At most ${TRIP_MAX_MEMBERS} members per trip`)
    .default([]),
  /**
   * A ready-made plan ("Use this plan"): day 1 is the start date, each day its features in order
   * and when it starts. Its features join the trip's; the rest of featureIds go to the tray.
   */
  plan: z
    .array(
      z.strictObject({
        start: plannerTimeSchema.optional(),
        featureIds: z.array(idSchema).max(PLAN_DAY_MAX, `A planned day has at most ${PLAN_DAY_MAX} stops`),
      }),
    )
    .max(TRIP_MAX_DAYS, `A plan has at most ${TRIP_MAX_DAYS} days`)
    .optional(),
});
export type CreateTripBody = z.input<typeof createTripBodySchema>;
export const createTripResponseSchema = z.object({ _id: z.string() });

/** PATCH /core/trips/update/{id}: any of these. `image: null` goes back to the place's image. */
export const updateTripBodySchema = z
  .strictObject({
    transportMode: transportModeSchema.optional(),
    tripName: lineText()
      .min(1, 'The trip name cannot be empty')
      .max(TRIP_NAME_MAX, `The trip name can have at most ${TRIP_NAME_MAX} characters`)
      .optional(),
    startDate: tripDateInputSchema.optional(),
    endDate: tripDateInputSchema.optional(),
    image: lineText(undefined, { trim: false })
      .max(500)
      .regex(/^\/api\//, 'The image must be one of our own image URLs (/api/…)')
      .nullable()
      .optional(),
    /**
     * With new dates, what becomes of the stops planned on days they leave out: 'shift' moves the
     * whole plan by as many days as the start moved (each stop keeps its place in the trip: day 1
     * stays day 1), and what still falls outside goes to the tray; 'tray' (the default) moves the
     * stops of the days left out to the tray.
     */
    plannedDays: z.enum(['shift', 'tray'], "plannedDays must be 'shift' or 'tray'").optional(),
    /** The version of the trip the edit started from (decision 035): 409 if the same field changed since. */
    version: baseVersionSchema,
  })
  .refine(
    (b) => Object.entries(b).some(([key, v]) => !['plannedDays', 'version'].includes(key) && v !== undefined),
    'Nothing to update',
  );
export type UpdateTripBody = z.input<typeof updateTripBodySchema>;
export const updateTripResponseSchema = z.object({
  trip: tripSchema,
  /** Planner items whose day no longer exists after a date change; they are now in the tray. */
  movedToTray: z.number().int(),
});

/** POST /core/trips/{id}/features: adds features of the trip's place (already present ones are ignored). */
export const addTripFeaturesBodySchema = z.strictObject({
  featureIds: z.array(idSchema).min(1, 'Pick at least one feature').max(TRIP_MAX_FEATURES),
});
export const tripFeatureParamsSchema = z.strictObject({ id: idSchema, featureId: idSchema });
export const tripFeaturesSchema = z.array(featureSchema);

/** Members: POST /core/trips/{id}/members, PATCH|DELETE /core/trips/{id}/members/{userId}. */
export const addTripMemberBodySchema = z.strictObject({
  userId: idSchema,
  role: tripRoleSchema.default('member'),
});
export const tripMemberParamsSchema = z.strictObject({ id: idSchema, userId: idSchema });
export const updateTripMemberBodySchema = z.strictObject({ role: tripRoleSchema });

/** Planner (PLANNER-01): days with ordered items, and the 'unscheduled' tray. */

export const plannerItemSchema = z.object({
  _id: z.string(),
  kind: z.enum(['feature', 'place', 'note']),
  /** The trip feature, for kind 'feature'. */
  feature: featureSchema.nullable(),
  /** The trip's place of its own, for kind 'place' (it goes with the place). */
  place: tripPlaceSchema.nullable(),
  /** The note text, for kind 'note'. */
  text: z.string().nullable(),
  time: z.string().nullable().describe('HH:MM or null'),
  /**
   * How long the group stays at this stop, in minutes, when a member said so (the feature's
   * typical visit otherwise); null for a note or when nobody did. Optional: a copy kept offline
   * from before it existed still reads.
   */
  visitMinutes: z.number().int().nullable().optional(),
  /**
   * The stop's opening hours as a member corrected them for this trip (OpenStreetMap syntax): they
   * win over the feature's in this trip's timeline and warnings; null when nobody did.
   */
  hours: z.string().nullable().optional(),
  /** The day (YYYY-MM-DD), or null in the tray. */
  date: z.string().nullable(),
  position: z.number().int(),
  /** Raised by one on each change of its text, time or day (decision 035). */
  version: z.number().int(),
});
export type PlannerItem = z.infer<typeof plannerItemSchema>;

export const plannerSchema = z.object({
  days: z.array(
    z.object({
      date: z.string(),
      items: z.array(plannerItemSchema),
      /**
       * When the day starts ('HH:MM', 09:00 unless a member set it) and the version of that
       * setting (0: never set). Optional: a copy kept offline from before they existed still reads.
       */
      start: z.string().optional(),
      startVersion: z.number().int().min(0).optional(),
    }),
  ),
  tray: z.array(plannerItemSchema),
});

/** PATCH /core/trips/{id}/planner/days/{date}/start: when the day starts. */
export const plannerDayStartBodySchema = z.strictObject({
  start: plannerTimeSchema,
  /** The version the change started from (0 for a day never set): another member's change since answers 409. */
  version: z.number().int().min(0),
});
export type Planner = z.infer<typeof plannerSchema>;

export const plannerItemParamsSchema = z.strictObject({ id: idSchema, itemId: idSchema });

/** POST /core/trips/{id}/planner/notes: a note on a day (or in the tray when date is null). */
export const createPlannerNoteBodySchema = z.strictObject({
  /** Optional id chosen by the client (a UUID), so a note written offline can be edited, moved or
   * deleted offline before the server has seen it (decision 016). */
  _id: z.uuid('A note id must be a UUID').optional(),
  date: tripDaySchema.nullable().default(null),
  text: multiLineText()
    .min(1, 'Write something in the note')
    .max(PLANNER_NOTE_MAX, `A note can have at most ${PLANNER_NOTE_MAX} characters`),
  time: plannerTimeSchema.nullable().default(null),
});

/** PATCH /core/trips/{id}/planner/items/{itemId}: the time of any item, the text of a note. */
export const updatePlannerItemBodySchema = z
  .strictObject({
    text: multiLineText().min(1, 'Write something in the note').max(PLANNER_NOTE_MAX).optional(),
    time: plannerTimeSchema.nullable().optional(),
    /** A stop's visit in minutes (5 minutes to 12 hours); null: the feature's typical visit. */
    visitMinutes: z
      .number()
      .int('A visit is a whole number of minutes')
      .min(VISIT_MINUTES_MIN, `A visit takes at least ${VISIT_MINUTES_MIN} minutes`)
      .max(VISIT_MINUTES_MAX, `A visit takes at most ${VISIT_MINUTES_MAX / 60} hours`)
      .nullable()
      .optional(),
    /**
     * A stop's opening hours for this trip (OpenStreetMap syntax, checked by the server: the parser
     * stays out of this module); null: the feature's own again.
     */
    hours: lineText()
      .min(1, 'Write the opening hours, or clear them to use the place’s own')
      .max(PLANNER_HOURS_MAX, `Opening hours have at most ${PLANNER_HOURS_MAX} characters`)
      .nullable()
      .optional(),
    /** The version of the item the edit started from (decision 035): 409 if the same field changed since. */
    version: baseVersionSchema,
  })
  .refine(
    (b) =>
      b.text !== undefined || b.time !== undefined || b.visitMinutes !== undefined || b.hours !== undefined,
    'Nothing to update',
  );

/**
 * POST /core/trips/{id}/planner/items/{itemId}/move: puts the item on `date` (null = tray) at
 * `index` (0-based; larger than the list = last). Schedule, unschedule, move and reorder in one.
 */
export const movePlannerItemBodySchema = z.strictObject({
  date: tripDaySchema.nullable(),
  index: z.number().int().min(0).max(10_000),
});

/** At most this many ticked entries in one checklist. */
export const CHECKLIST_MAX_ENTRIES = 500;

const checklistEntry = lineText().min(1).max(120);

/** GET|PUT /core/trips/{id}/checklist: the caller's ticked entries, latest last. */
export const checklistBodySchema = z.strictObject({
  entries: z.array(checklistEntry).max(CHECKLIST_MAX_ENTRIES, 'At most 500 checklist entries'),
  /** The version the list started from: one changed since answers 409 (decision 035). */
  version: z.number().int().min(1).optional(),
});
export const checklistResponseSchema = z.object({
  entries: z.array(z.string()),
  /** Raised by one on each change of the list. */
  version: z.number().int().min(1),
});

/**
 * PATCH /core/trips/{id}/checklist: what one device ticked and unticked since it last heard from
 * the server. The server applies it to the list as it is now, so ticks made on another device in
 * the meantime stay (a whole-list PUT from a stale device would have removed them).
 */
export const checklistChangeSchema = z
  .strictObject({
    tick: z.array(checklistEntry).max(CHECKLIST_MAX_ENTRIES).default([]),
    untick: z.array(checklistEntry).max(CHECKLIST_MAX_ENTRIES).default([]),
  })
  .refine(({ tick, untick }) => tick.length + untick.length > 0, 'Nothing to tick or untick')
  .refine(({ tick, untick }) => !tick.some((entry) => untick.includes(entry)), {
    message: 'An entry is either ticked or unticked, not both',
    path: ['untick'],
  });

/**
 * GET|POST|DELETE /core/trips/{id}/calendar-feed: the admin's private feed. Its URL is in the POST
 * answer only (the server keeps the token hashed); GET tells whether one is active and since when.
 */
export const calendarFeedSchema = z.object({
  url: z.string().nullable(),
  active: z.boolean(),
  createdAt: z.string().nullable(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;
export const calendarFeedParamsSchema = z.strictObject({
  token: lineText(undefined, { trim: false })
    .min(20)
    .max(200)
    .describe('the private feed token, with or without .ics'),
});

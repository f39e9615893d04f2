import { z } from 'zod';
import { idSchema } from './common.ts';
import { tripBookingSchema } from './trip-bookings.ts';
import { tripPlaceSchema } from './trip-places.ts';

/**
 * "Download my data" (issue 22): an export job (POST /account/exports, polled through
 * GET /account/exports/latest) and the archive it prepares, a ZIP holding `tripcrew-export.json`
 * (exportArchiveSchema), `schema.json` (its JSON Schema, generated from exportArchiveSchema) and
 * the user's files under `files/`.
 */

export const EXPORT_STATUSES = ['queued', 'running', 'ready', 'failed', 'downloaded', 'expired'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

/** How long a prepared archive can be downloaded. */
export const EXPORT_TTL_HOURS = 24;
/** At most one new export per user in this many minutes (a failed one does not count). */
export const EXPORT_COOLDOWN_MINUTES = 60;

/** The names inside the ZIP. */
export const EXPORT_JSON_NAME = 'tripcrew-export.json';
export const EXPORT_SCHEMA_NAME = 'schema.json';

/** One export job, as the account page shows it. */
export const accountExportSchema = z.object({
  id: z.string(),
  status: z.enum(EXPORT_STATUSES),
  /** 0–100 while queued or running; 100 once ready. */
  progress: z.number().int().min(0).max(100),
  createdAt: z.string(),
  readyAt: z.string().nullable(),
  /** Until when the archive can be downloaded (set once ready). */
  expiresAt: z.string().nullable(),
  downloadedAt: z.string().nullable(),
  /** The archive's size in bytes (set once ready). */
  size: z.number().int().nullable(),
  /** When a new export may be started (the cooldown after the latest one), or null: now. */
  nextAllowedAt: z.string().nullable(),
});
export type AccountExport = z.infer<typeof accountExportSchema>;

/** GET /account/exports/latest: the newest export, or null when there was none. */
export const latestExportResponseSchema = z.object({ export: accountExportSchema.nullable() });
export type LatestExportResponse = z.infer<typeof latestExportResponseSchema>;

export const exportParamsSchema = z.strictObject({ id: idSchema });

// ------------------------------------------------------------------ the archive

const instant = z.iso.datetime({ offset: true }).describe('An ISO 8601 date and time');
const day = z.iso.date().describe('A calendar day, YYYY-MM-DD');
const uuid = z.string().describe('A Tripcrew id');

const personSchema = z.object({ id: uuid, name: z.string(), lastName: z.string() });

const profileSchema = z.object({
  id: uuid,
  email: z.string(),
  name: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  emailConfirmedAt: instant.nullable(),
  createdAt: instant,
  updatedAt: instant,
  /** Paths inside the archive (files/…) of the avatar, or null without one. */
  avatar: z.object({ original: z.string(), thumbnail: z.string() }).nullable(),
});

const crewSchema = z.object({
  members: z.array(personSchema.extend({ since: instant })),
  requestsSent: z.array(z.object({ id: uuid, to: personSchema, createdAt: instant })),
  requestsReceived: z.array(z.object({ id: uuid, from: personSchema, createdAt: instant })),
});

/**
 * One stop of a trip's plan: a feature of the catalogue, a place of the trip's own or a note, with
 * its planned time.
 */
const itineraryStopSchema = z.object({
  id: uuid,
  kind: z.enum(['feature', 'place', 'note']),
  /** The feature's id, title, address and position (kind 'feature'); null for a note. */
  feature: z
    .object({
      id: uuid,
      title: z.string(),
      address: z.string(),
      coordinates: z.object({ lat: z.number(), lng: z.number() }).nullable(),
    })
    .nullable(),
  /** The place's id, name, address and position (kind 'place'); null otherwise. */
  place: z
    .object({
      id: uuid,
      name: z.string(),
      address: z.string(),
      coordinates: z.object({ lat: z.number(), lng: z.number() }),
    })
    .nullable(),
  /** The note's text (kind 'note'); null for a feature or a place. */
  text: z.string().nullable(),
  /** The planned local time, HH:MM, or null. */
  time: z.string().nullable(),
});

const itinerarySchema = z
  .object({
    /** Every day of the trip in order, each with its stops in plan order. */
    days: z.array(z.object({ date: day, stops: z.array(itineraryStopSchema) })),
    /** Stops picked for the trip but not on a day yet. */
    tray: z.array(itineraryStopSchema),
  })
  .describe("The trip's plan as its planner shows it");

const tripSchema = z.object({
  id: uuid,
  name: z.string(),
  place: z.object({ id: uuid, name: z.string(), country: z.string() }).nullable(),
  startDate: day.nullable(),
  endDate: day.nullable(),
  transportMode: z.string(),
  categories: z.array(z.string()),
  /** The user's role in the trip and when they joined it. */
  role: z.string(),
  joinedAt: instant,
  createdByMe: z.boolean(),
  createdAt: instant,
  /** The trip's plan: its days with their stops and times, and the tray. */
  itinerary: itinerarySchema,
  /** The trip's plan notes (the planner does not record who wrote a note: every note is listed). */
  plannerNotes: z.array(
    z.object({
      id: uuid,
      text: z.string(),
      day: day.nullable(),
      time: z.string().nullable(),
      createdAt: instant,
    }),
  ),
  /** The user's own ticked checklist entries. */
  checklist: z.array(z.string()),
  /** Packing items the user added or was assigned. */
  packingItems: z.array(
    z.object({
      id: uuid,
      text: z.string(),
      done: z.boolean(),
      addedByMe: z.boolean(),
      assignedToMe: z.boolean(),
      createdAt: instant,
    }),
  ),
  /** The trip's places of its own (the group's flat, a friend's restaurant), oldest first. */
  places: z.array(
    tripPlaceSchema
      .pick({
        name: true,
        category: true,
        address: true,
        coordinates: true,
        website: true,
        phone: true,
        notes: true,
      })
      .extend({ id: uuid, addedByMe: z.boolean(), createdAt: instant }),
  ),
  /** The trip's bookings, soonest first: times local to where they happen, with their zone and instant. */
  bookings: z.array(
    tripBookingSchema
      .pick({
        kind: true,
        title: true,
        provider: true,
        confirmationCode: true,
        carrier: true,
        number: true,
        seat: true,
        partySize: true,
        cost: true,
        notes: true,
        start: true,
        end: true,
      })
      .extend({ id: uuid, travellingMe: z.boolean(), addedByMe: z.boolean(), createdAt: instant }),
  ),
  /** Archive path of the trip's cover (for trips the user created), or null. */
  cover: z.string().nullable(),
  /** The changes the user made to the trip, oldest first (the trip's history, decision 035). */
  history: z.array(
    z.object({
      id: uuid,
      kind: z.string(),
      action: z.string(),
      label: z.string(),
      fields: z.array(z.string()),
      before: z.record(z.string(), z.unknown()).nullable(),
      after: z.record(z.string(), z.unknown()).nullable(),
      undoOf: uuid.nullable(),
      createdAt: instant,
    }),
  ),
});

const messageSchema = z.object({
  id: uuid,
  fromMe: z.boolean(),
  /** Null when the sender has deleted their account. */
  senderId: uuid.nullable(),
  text: z.string(),
  createdAt: instant,
});

const messagesSchema = z.object({
  /** The user's direct conversations, both sides. */
  direct: z.array(
    z.object({ chatId: uuid, with: personSchema.nullable(), messages: z.array(messageSchema) }),
  ),
  /** The messages the user wrote in trip chats. */
  trips: z.array(z.object({ id: uuid, tripId: uuid, text: z.string(), createdAt: instant })),
});

const wishlistSchema = z.object({
  id: uuid,
  name: z.string(),
  createdAt: instant,
  items: z.array(z.object({ featureId: uuid, name: z.string().nullable(), savedAt: instant })),
});

const notificationSchema = z.object({
  id: uuid,
  kind: z.string(),
  title: z.string(),
  short: z.string(),
  message: z.string(),
  seen: z.boolean(),
  tripId: uuid.nullable(),
  userId: uuid.nullable(),
  createdAt: instant,
});

const notificationSettingsSchema = z.object({
  trips: z.object({ inApp: z.boolean(), email: z.boolean() }),
  crew: z.object({ inApp: z.boolean() }),
  messages: z.object({ email: z.boolean() }),
});

/** A signed-in device: no token, hash or secret of any kind. */
const sessionSchema = z.object({
  id: uuid,
  userAgent: z.string().nullable(),
  createdAt: instant,
  lastUsedAt: instant,
  expiresAt: instant,
  endedAt: instant.nullable(),
});

const fileSchema = z.object({
  /** The path inside the archive. */
  path: z.string(),
  kind: z.enum(['avatar-original', 'avatar-thumbnail', 'trip-cover']),
  contentType: z.string(),
  size: z.number().int().min(0),
  tripId: uuid.nullable(),
});

/** An expense or settlement the user paid, shares or was paid (issue 24), amounts as decimal text. */
const expenseSchema = z.object({
  id: uuid,
  tripId: uuid,
  kind: z.enum(['expense', 'settlement']),
  title: z.string(),
  amount: z.string(),
  currency: z.string(),
  rate: z.string(),
  baseAmount: z.string(),
  baseCurrency: z.string(),
  date: z.string(),
  category: z.string(),
  paidByMe: z.boolean(),
  /** My part in the expense's currency and in the base currency; null when I only paid. */
  myShare: z.string().nullable(),
  myShareBase: z.string().nullable(),
  createdByMe: z.boolean(),
});

/**
 * 2: `expenses` holds the user's expenses and settlements (empty in version 1). 3: each trip has
 * its `itinerary` (days, stops, times, tray). 4: each trip has the `history` of the user's changes.
 * 5: each trip has its `places` of its own. 6: a stop of the itinerary may be one of those places
 * (kind 'place', with its `place`). 7: each trip has its `bookings`.
 */
export const EXPORT_SCHEMA_VERSION = 7;

/** tripcrew-export.json: everything Tripcrew keeps about the user. */
export const exportArchiveSchema = z
  .object({
    schemaVersion: z.literal(EXPORT_SCHEMA_VERSION),
    exportedAt: instant,
    user: profileSchema,
    crew: crewSchema,
    trips: z.array(tripSchema),
    messages: messagesSchema,
    wishlists: z.array(wishlistSchema),
    notifications: z.array(notificationSchema),
    notificationSettings: notificationSettingsSchema,
    sessions: z.array(sessionSchema),
    expenses: z.array(expenseSchema),
    files: z.array(fileSchema),
  })
  .describe('Tripcrew data export');
export type ExportArchive = z.infer<typeof exportArchiveSchema>;
export type ExportTrip = z.infer<typeof tripSchema>;
export type ExportFile = z.infer<typeof fileSchema>;

/** The JSON Schema bundled in the archive as schema.json. */
export function exportArchiveJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(exportArchiveSchema, { target: 'draft-2020-12' }) as Record<string, unknown>;
}

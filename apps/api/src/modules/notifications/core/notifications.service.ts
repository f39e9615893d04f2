import {
  NOTIFICATION_KINDS,
  type Notification,
  type NotificationKind,
  type notificationsQuerySchema,
} from '@tripcrew/contracts/notifications';
import { isUuid } from '@tripcrew/contracts/common';
import { DELETED_USER_NAME } from '@tripcrew/contracts/users';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { notFound } from '../../../platform/errors.ts';
import type { EventBus, EventOf } from '../../../platform/events.ts';
import type { LiveHub } from '../../../platform/live-hub.ts';
import {
  findNotificationsPage,
  insertNotifications,
  markNotificationSeen,
  upsertChatNotification,
  type NewNotificationRow,
} from './notifications.repository.ts';
import type { MailMessage } from '../../../platform/mail.ts';
import { findUserCards, userAccounts } from '../../users/index.ts';
import { addedToTripMail, type MailLinks, tripInviteMail } from './notification-mails.ts';
import { findSettings, type SettingsColumns } from '../settings/notification-settings.repository.ts';
import type { NotificationRow } from './notifications.table.ts';
import { findAllNotificationsOf } from './notifications-export.repository.ts';
import { memberChangeNotifications, ROLE_WORDS } from './member-notifications.ts';
import { bookingNotifications } from './booking-notifications.ts';
import { expenseNotifications } from './expense-notifications.ts';

/** The user's notifications and notification settings, for "Download my data". */
export async function exportNotificationsData(db: Db, userId: string) {
  const rows = await findAllNotificationsOf(db, userId);
  const settings = (await findSettings(db, [userId])).get(userId.toLowerCase());
  return {
    notifications: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      title: row.title,
      short: row.short,
      message: row.message,
      seen: row.seen,
      tripId: row.refTripId,
      userId: row.refUserId,
      createdAt: row.createdAt.toISOString(),
    })),
    settings: {
      trips: { inApp: settings?.tripsInApp ?? true, email: settings?.tripsEmail ?? true },
      crew: { inApp: settings?.crewInApp ?? true },
      messages: { email: settings?.messagesEmail ?? true },
    },
  };
}

export type NotificationsQuery = z.output<typeof notificationsQuerySchema>;

const NOT_FOUND = 'This notification does not exist.';
/** How much of a message a notification quotes. */
const SHORT_PREVIEW = 80;
const MESSAGE_PREVIEW = 500;

function isKind(kind: string): kind is NotificationKind {
  return (NOTIFICATION_KINDS as readonly string[]).includes(kind);
}

/** The API shape (SPEC §3 "Notification"). */
export function toNotification(row: NotificationRow): Notification {
  return {
    _id: row.id,
    kind: isKind(row.kind) ? row.kind : 'message',
    title: row.title,
    short: row.short,
    message: row.message,
    seen: row.seen,
    ref: {
      ...(row.refTripId ? { tripId: row.refTripId } : {}),
      ...(row.refUserId ? { userId: row.refUserId } : {}),
    },
    createdAt: row.createdAt.toISOString(),
  };
}

function preview(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** 2026-05-12 → "12 May 2026" (unambiguous in every locale). */
function humanDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  const month = MONTHS[Number(m) - 1];
  return month && d && y ? `${Number(d)} ${month} ${y}` : iso;
}

const lower = (id: string) => id.toLowerCase();

/** The members but `byUserId` (who did it), each once, lower-cased. */
const othersThan = (memberIds: readonly string[], byUserId: string) =>
  [...new Set(memberIds.map(lower))].filter((id) => id !== lower(byUserId));

export interface NotificationsServiceDeps {
  db: Db;
  live: Pick<LiveHub, 'publish'>;
  /** Mails for the notifications that warrant one (being added to a trip); none without it. */
  mail?: MailLinks & {
    send(message: MailMessage): Promise<void>;
    log: { error(details: object, message: string): void };
  };
}

/** The in-app switch a kind of notification obeys (messages have none). */
const IN_APP_SWITCH: Partial<Record<NotificationKind, keyof SettingsColumns>> = {
  'crew-request': 'crewInApp',
  'crew-accepted': 'crewInApp',
  'trip-added': 'tripsInApp',
  'trip-dates-changed': 'tripsInApp',
  'trip-deleted': 'tripsInApp',
  'trip-role-changed': 'tripsInApp',
  'trip-removed': 'tripsInApp',
  'trip-members': 'tripsInApp',
  'trip-expense': 'tripsInApp',
  'trip-booking': 'tripsInApp',
};

export function createNotificationsService(deps: NotificationsServiceDeps) {
  const { db, live } = deps;

  async function push(rows: NotificationRow[]): Promise<void> {
    await Promise.all(
      rows.map((row) =>
        live.publish([row.userId], { type: 'notification', notification: toNotification(row) }),
      ),
    );
  }

  /** Inserts and pushes the notifications their recipients want in the app (profile settings). */
  async function create(rows: NewNotificationRow[]): Promise<void> {
    if (rows.length === 0) return;
    const settings = await findSettings(db, [...new Set(rows.map((row) => lower(row.userId)))]);
    const wanted = rows.filter((row) => {
      const column = isKind(row.kind) ? IN_APP_SWITCH[row.kind] : undefined;
      return !column || settings.get(lower(row.userId))?.[column] !== false;
    });
    if (wanted.length === 0) return;
    // One insert statement: atomic on its own, no transaction round trips around it.
    const saved = await insertNotifications(db, wanted);
    await push(saved);
  }

  /** Mails the added member when their trips emails are on; a failed delivery is logged, not thrown. */
  async function mailMemberAdded(event: EventOf<'trip.member-added'>, by: string): Promise<void> {
    const mail = deps.mail;
    if (!mail) return;
    const settings = (await findSettings(db, [event.userId])).get(lower(event.userId));
    if (settings?.tripsEmail === false) return;
    const user = await userAccounts.findById(db, event.userId);
    if (!user) return;
    const message = addedToTripMail(mail, {
      to: user.email,
      userId: user.id,
      name: user.name,
      by,
      tripName: event.tripName,
      tripId: event.tripId,
    });
    await mail.send(message).catch((error: Error) => {
      mail.log.error({ err: error.message, tripId: event.tripId }, 'trip mail delivery failed');
    });
  }

  /** "Ana Silva", or "Someone" for an unknown user. */
  async function nameOf(userId: string): Promise<string> {
    const card = (await findUserCards(db, [lower(userId)])).get(lower(userId));
    return (card && [card.name, card.lastName].filter(Boolean).join(' ').trim()) || 'Someone';
  }

  /** Who did it: name and id, or "Deleted user" and no id once their account is gone (decision 019). */
  async function actorOf(userId: string): Promise<{ name: string; refUserId?: string }> {
    const card = (await findUserCards(db, [lower(userId)])).get(lower(userId));
    if (!card) return { name: DELETED_USER_NAME };
    return {
      name: [card.name, card.lastName].filter(Boolean).join(' ').trim() || 'Someone',
      refUserId: userId,
    };
  }

  // ------------------------------------------------------------ event handlers (NOTIF-07, NOTIF-08)

  async function crewRequested(event: EventOf<'crew.requested'>): Promise<void> {
    const from = await nameOf(event.fromUserId);
    await create([
      {
        userId: event.toUserId,
        kind: 'crew-request',
        title: 'New crew request',
        short: `${from} wants to join your crew`,
        message: `${from} sent you a crew request. Accept it to plan trips and exchange messages together.`,
        refUserId: event.fromUserId,
      },
    ]);
  }

  async function crewAccepted(event: EventOf<'crew.accepted'>): Promise<void> {
    // fromUserId sent the request; toUserId accepted it.
    const by = await nameOf(event.toUserId);
    await create([
      {
        userId: event.fromUserId,
        kind: 'crew-accepted',
        title: 'Crew request accepted',
        short: `${by} accepted your crew request`,
        message: `${by} is now in your crew: you can add them to your trips and send them messages.`,
        refUserId: event.toUserId,
      },
    ]);
  }

  async function memberAdded(event: EventOf<'trip.member-added'>): Promise<void> {
    if (lower(event.userId) === lower(event.byUserId)) return;
    const by = event.byUserName || (await nameOf(event.byUserId));
    await create([
      {
        userId: event.userId,
        kind: 'trip-added',
        title: 'Added to a trip',
        short: `${by} added you to ${event.tripName}`,
        message: `${by} added you to the trip ${event.tripName}. Open it to see the plan, the dates and who is coming.`,
        refTripId: event.tripId,
        refUserId: event.byUserId,
      },
    ]);
    await mailMemberAdded(event, by);
  }

  /** The member whose role an admin changed hears of it (a hand-over included). */
  async function roleChanged(event: EventOf<'trip.member-role-changed'>): Promise<void> {
    const { name: by, ...actor } = await actorOf(event.byUserId);
    const words = ROLE_WORDS[event.role];
    await create([
      {
        userId: event.userId,
        kind: 'trip-role-changed',
        title: 'Your role in a trip',
        short: `${by} made you ${words.as} of ${event.tripName}`,
        message: `${by} made you ${words.as} of the trip ${event.tripName}. ${words.means}`,
        refTripId: event.tripId,
        ...actor,
      },
    ]);
  }

  /** A member an admin removed hears of it (leaving by oneself tells nobody). */
  async function memberRemoved(event: EventOf<'trip.member-removed'>): Promise<void> {
    const by = await nameOf(event.byUserId);
    await create([
      {
        userId: event.userId,
        kind: 'trip-removed',
        title: 'Removed from a trip',
        short: `${by} removed you from ${event.tripName}`,
        message: `${by} removed you from the trip ${event.tripName}. It no longer shows among your trips.`,
        refUserId: event.byUserId,
      },
    ]);
  }

  /** The mail of an invitation by address (the link's token travels only in it). */
  async function invitedByEmail(event: EventOf<'trip.invited-by-email'>): Promise<void> {
    const mail = deps.mail;
    if (!mail) return;
    const by = await nameOf(event.byUserId);
    const message = tripInviteMail({
      to: event.email,
      by,
      tripName: event.tripName,
      url: event.url,
      blockUrl: event.blockUrl,
      oneClickBlockUrl: event.oneClickBlockUrl,
      expiresOn: humanDate(event.expiresAt.slice(0, 10)),
    });
    await mail.send(message).catch((error: Error) => {
      mail.log.error({ err: error.message, tripId: event.tripId }, 'invitation mail delivery failed');
    });
  }

  async function tripUpdated(event: EventOf<'trip.updated'>): Promise<void> {
    if (!event.datesChanged) return;
    const recipients = othersThan(event.memberIds, event.byUserId);
    if (recipients.length === 0) return;
    const by = await nameOf(event.byUserId);
    const dates =
      event.startDate && event.endDate
        ? `The trip now runs from ${humanDate(event.startDate)} to ${humanDate(event.endDate)}.`
        : 'The trip has no dates any more.';
    await create(
      recipients.map((userId) => ({
        userId,
        kind: 'trip-dates-changed',
        title: 'Trip dates changed',
        short: `${by} changed the dates of ${event.tripName}`,
        message: `${by} changed the dates of ${event.tripName}. ${dates}`,
        refTripId: event.tripId,
        refUserId: event.byUserId,
      })),
    );
  }

  async function tripDeleted(event: EventOf<'trip.deleted'>): Promise<void> {
    const recipients = othersThan(event.memberIds, event.byUserId);
    if (recipients.length === 0) return;
    const { name: by, ...actor } = await actorOf(event.byUserId);
    await create(
      recipients.map((userId) => ({
        userId,
        kind: 'trip-deleted',
        title: 'Trip deleted',
        short: `${by} deleted ${event.tripName}`,
        message: `${by} deleted the trip ${event.tripName}, with its plan and checklists.`,
        // The trip is gone; the id stays so the client can drop it from caches.
        refTripId: event.tripId,
        ...actor,
      })),
    );
  }

  /** One unseen notification per chat, refreshed by later messages rather than duplicated. */
  async function messageCreated(event: EventOf<'message.created'>): Promise<void> {
    const from = event.senderName;
    // One statement, atomic on its own: no transaction round trips on the hottest path.
    const saved = await upsertChatNotification(db, {
      userId: event.recipientId,
      kind: 'message',
      title: `New message from ${from}`,
      short: `${from}: ${preview(event.text, SHORT_PREVIEW)}`,
      message: preview(event.text, MESSAGE_PREVIEW),
      refUserId: event.senderId,
      chatId: event.chatId,
    });
    if (saved) await push([saved]);
  }

  return {
    async list(
      userId: string,
      query: NotificationsQuery,
    ): Promise<{ items: Notification[]; total: number; unseen: number }> {
      const { rows, total, unseen } = await findNotificationsPage(db, userId, query);
      return { items: rows.map(toNotification), total, unseen };
    },

    /** PATCH {seen:true}: only the owner's; anyone else's (or an unknown id) is 404 and unchanged. */
    async markSeen(userId: string, id: string): Promise<Notification> {
      if (!isUuid(id)) throw notFound(NOT_FOUND);
      const row = await db.transaction((tx) => markNotificationSeen(tx, userId, id));
      if (!row) throw notFound(NOT_FOUND);
      // The user's other tabs clear their red dot.
      await push([row]);
      return toNotification(row);
    },

    /** Subscribes the handlers to the domain events; returns the function that unsubscribes them. */
    subscribe(events: Pick<EventBus, 'on'>): () => void {
      const off = [
        events.on('crew.requested', crewRequested),
        events.on('crew.accepted', crewAccepted),
        events.on('trip.member-added', memberAdded),
        events.on('trip.invited-by-email', invitedByEmail),
        events.on('trip.member-role-changed', roleChanged),
        events.on('trip.member-removed', memberRemoved),
        events.on('trip.members-changed', async (event) =>
          create(await memberChangeNotifications(event, nameOf)),
        ),
        events.on('trip.updated', tripUpdated),
        events.on('trip.deleted', tripDeleted),
        events.on('message.created', messageCreated),
        events.on('trip.expense', async (event) =>
          create(expenseNotifications(event, await actorOf(event.byUserId))),
        ),
        events.on('trip.booking', async (event) =>
          create(bookingNotifications(event, await actorOf(event.byUserId))),
        ),
      ];
      return () => {
        for (const unsubscribe of off) unsubscribe();
      };
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;

/** For the account deletion (inside its transaction): see notifications.repository.ts. */
export { deleteNotificationsAbout } from './notifications.repository.ts';

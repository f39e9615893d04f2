import type { FastifyBaseLogger } from 'fastify';
import type { TripRole } from '@tripcrew/contracts/trips';

/**
 * Domain events (DESIGN §4 rule 1): modules announce what happened; other modules react
 * (notifications, live pushes) without reaching into the announcer's internals.
 *
 *   events.emit({ type: 'crew.requested', requestId, fromUserId, toUserId });
 *
 * Emit AFTER the transaction that made the change has committed. Delivery is in-process on the
 * instance that emitted (each handler runs once, on that instance); fan-out to sockets held by
 * other instances is the live hub's job (platform/live-hub.ts, Redis pub/sub when REDIS_URL is set).
 * A failing handler is logged and never fails the request that emitted.
 */
export type AppEvent =
  | { type: 'crew.requested'; requestId: string; fromUserId: string; toUserId: string }
  | { type: 'crew.accepted'; requestId: string; fromUserId: string; toUserId: string }
  | { type: 'crew.declined'; requestId: string; fromUserId: string; toUserId: string; byUserId: string }
  | { type: 'crew.removed'; userId: string; friendId: string }
  | {
      /** Sessions (refresh-token families) ended: logout, reuse detected, password reset. */
      type: 'auth.sessions-ended';
      userId: string;
      /** The ended sessions, or null for every session of the user but `exceptSessionId`. */
      sessionIds: string[] | null;
      exceptSessionId?: string;
    }
  | {
      type: 'trip.member-added';
      tripId: string;
      tripName: string;
      userId: string;
      byUserId: string;
      /** "Ana Silva" when the emitter read it already (trip creation), so handlers skip the lookup. */
      byUserName?: string;
    }
  | {
      type: 'trip.updated';
      tripId: string;
      tripName: string;
      byUserId: string;
      memberIds: string[];
      /** True when the start or end date changed. */
      datesChanged: boolean;
      startDate: string | null;
      endDate: string | null;
    }
  | { type: 'trip.deleted'; tripId: string; tripName: string; byUserId: string; memberIds: string[] }
  | {
      /** An admin gave a member another role (a hand-over included). */
      type: 'trip.member-role-changed';
      tripId: string;
      tripName: string;
      userId: string;
      role: TripRole;
      byUserId: string;
    }
  | { type: 'trip.member-removed'; tripId: string; tripName: string; userId: string; byUserId: string }
  | {
      /**
       * Someone joined the trip through a link, left it, or was removed by an admin: the trip's
       * admins hear of it (`adminIds`, read in the same transaction), but for the one who did it.
       */
      type: 'trip.members-changed';
      change: 'joined' | 'left' | 'removed';
      tripId: string;
      tripName: string;
      /** The member who joined, left or was removed. */
      userId: string;
      byUserId: string;
      adminIds: string[];
    }
  | {
      /** A trip's money changed in a way that concerns `userIds` (who paid, who shares, who was paid). */
      type: 'trip.expense';
      tripId: string;
      tripName: string;
      byUserId: string;
      userIds: string[];
      action: 'added' | 'changed' | 'deleted' | 'settled';
      title: string;
      /** "12.50 EUR" */
      amount: string;
    }
  | {
      /** An admin invited an address by mail: the link (its token, shown nowhere else) goes to it. */
      type: 'trip.invited-by-email';
      tripId: string;
      tripName: string;
      email: string;
      url: string;
      /** The page that explains blocking further invitations to the address and does it. */
      blockUrl: string;
      /** The API address a mail client posts to block them in one click (RFC 8058). */
      oneClickBlockUrl: string;
      byUserId: string;
      expiresAt: string;
    }
  | {
      type: 'trip.changed';
      tripId: string;
      byUserId: string;
      memberIds: string[];
      change:
        | 'members'
        | 'features'
        | 'planner'
        | 'packing'
        | 'places'
        | 'bookings'
        | 'expenses'
        | 'presence'
        | 'history';
    }
  | {
      /** A booking was added to a trip, its times changed, or it was removed: the other members hear of it. */
      type: 'trip.booking';
      tripId: string;
      tripName: string;
      byUserId: string;
      memberIds: string[];
      action: 'added' | 'changed' | 'removed';
      /** The booking's kind ('train') and title ("Train Lisbon → Porto"). */
      kind: string;
      title: string;
    }
  | {
      type: 'message.created';
      messageId: string;
      chatId: string;
      seq: number;
      senderId: string;
      /** "Ana Silva", read with the recipient check, so handlers need not look it up again. */
      senderName: string;
      recipientId: string;
      text: string;
      createdAt: string;
    };

export type AppEventType = AppEvent['type'];
export type EventOf<T extends AppEventType> = Extract<AppEvent, { type: T }>;
type Handler<T extends AppEventType> = (event: EventOf<T>) => Promise<void> | void;
type AnyHandler = (event: AppEvent) => Promise<void> | void;

export interface EventBus {
  /** Runs every handler of the event; resolves when all have settled (failures are logged). */
  emit(event: AppEvent): Promise<void>;
  on<T extends AppEventType>(type: T, handler: Handler<T>): () => void;
}

export function createEventBus(log: FastifyBaseLogger): EventBus {
  const handlers = new Map<AppEventType, Set<AnyHandler>>();
  return {
    async emit(event) {
      const set = handlers.get(event.type);
      if (!set || set.size === 0) return;
      await Promise.all(
        [...set].map(async (handler) => {
          try {
            await handler(event);
          } catch (err) {
            log.error({ err, event: event.type }, 'event handler failed');
          }
        }),
      );
    },
    on(type, handler) {
      let set = handlers.get(type);
      if (!set) {
        set = new Set();
        handlers.set(type, set);
      }
      // Handlers are keyed by type, so each only ever receives events of its own type.
      const any = handler as unknown as AnyHandler;
      set.add(any);
      return () => set.delete(any);
    },
  };
}

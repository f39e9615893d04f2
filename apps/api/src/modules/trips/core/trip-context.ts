import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import type { AppEvent, EventBus, EventOf } from '../../../platform/events.ts';
import type { FileStorage } from '../../../platform/storage.ts';
import type { CategoriesService } from '../../categories/index.ts';
import { findMembersOfTrips } from '../members/trip-members.repository.ts';

/** What the trips services need from the app (app.ts builds it once). */
export interface TripsServiceDeps {
  db: Db;
  storage: FileStorage;
  /** The public URL of the app (APP_URL), for the absolute calendar feed URL. */
  appUrl: string;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** The catalogue's categories (the categories module): a trip's own place may name one. */
  categories: Pick<CategoriesService, 'all'>;
  /**
   * Domain events, emitted after the transaction that made the change has committed
   * (trip.member-added, trip.updated, trip.deleted, trip.changed): notifications and live pushes.
   */
  events?: Pick<EventBus, 'emit'> | undefined;
  /** The clock (tests may pin it). */
  now?: () => Date;
  /** An OSRM-compatible routing server (ROUTING_URL, decision 022); undefined: estimated legs only. */
  routingUrl?: string | undefined;
  /**
   * Undoes an entry of the trip's money from its history (the expenses module, by its own rules),
   * in the transaction of the undo; undefined: money entries are not undone.
   */
  undoMoney?: MoneyUndo | undefined;
}

/** An entry of the trip's history as the money's undo reads it. */
export interface MoneyEntry {
  id: string;
  kind: string;
  action: string;
  recordId: string | null;
  version: number | null;
  label: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export type MoneyUndo = (tx: Db, userId: string, tripId: string, entry: MoneyEntry) => Promise<void>;

/** What a trip.changed event says changed. */
export type TripChange = EventOf<'trip.changed'>['change'];

/** The shared plumbing of the trips services: the database, the clock and committed events. */
export interface TripContext extends Required<Omit<TripsServiceDeps, 'events' | 'routingUrl' | 'undoMoney'>> {
  /** Announces committed changes; a failing subscriber never fails the request. */
  emit(...events: AppEvent[]): Promise<void>;
  /**
   * One write transaction on a trip whose members, features or planner change; once committed,
   * trip.changed tells every member (live pushes).
   */
  changeTrip<T>(
    userId: string,
    change: TripChange,
    work: (tx: Db) => Promise<{ tripId: string; value: T }>,
  ): Promise<T>;
}

export async function memberIdsOf(conn: Db, tripId: string): Promise<string[]> {
  return (await findMembersOfTrips(conn, [tripId])).map((m) => m.userId);
}

/** The admins of a trip, as they are now in the transaction of `conn`. */
export async function adminIdsOf(conn: Db, tripId: string): Promise<string[]> {
  return (await findMembersOfTrips(conn, [tripId])).filter((m) => m.role === 'admin').map((m) => m.userId);
}

/** What the trip's admins are told when a member joined, left or was removed (trip.members-changed). */
export async function membersChanged(
  conn: Db,
  trip: { id: string; tripName: string },
  change: 'joined' | 'left' | 'removed',
  userId: string,
  byUserId: string,
): Promise<AppEvent> {
  return {
    type: 'trip.members-changed',
    change,
    tripId: trip.id,
    tripName: trip.tripName,
    userId: userId.toLowerCase(),
    byUserId: byUserId.toLowerCase(),
    adminIds: await adminIdsOf(conn, trip.id),
  };
}

/** The trip.changed event of a change by `byUserId`, for these members. */
export function tripChanged(
  tripId: string,
  byUserId: string,
  memberIds: string[],
  change: TripChange,
): AppEvent {
  return { type: 'trip.changed', tripId, byUserId, memberIds, change };
}

export function createTripContext(deps: TripsServiceDeps): TripContext {
  const { db, log } = deps;

  async function emit(...events: AppEvent[]): Promise<void> {
    if (!deps.events) return;
    for (const event of events) {
      try {
        await deps.events.emit(event);
      } catch (error) {
        log.warn({ err: error instanceof Error ? error.message : String(error) }, 'trip event failed');
      }
    }
  }

  return {
    db,
    storage: deps.storage,
    appUrl: deps.appUrl,
    log,
    categories: deps.categories,
    now: deps.now ?? (() => new Date()),
    emit,
    async changeTrip(userId, change, work) {
      const { value, event } = await db.transaction(async (tx) => {
        const done = await work(tx);
        const memberIds = await memberIdsOf(tx, done.tripId);
        return { value: done.value, event: tripChanged(done.tripId, userId, memberIds, change) };
      });
      await emit(event);
      return value;
    },
  };
}

import {
  EXPORT_JSON_NAME,
  EXPORT_SCHEMA_NAME,
  EXPORT_SCHEMA_VERSION,
  exportArchiveJsonSchema,
  exportArchiveSchema,
  type ExportArchive,
  type ExportFile,
} from '@tripcrew/contracts/account-export';
import { strToU8, zipSync, type Zippable } from 'fflate';
import type { Db } from '../../../db/client.ts';
import type { FileStorage } from '../../../platform/storage.ts';
import { exportSessionsData } from '../../auth/index.ts';
import { exportMessagesData } from '../../chats/index.ts';
import { exportCrewData } from '../../crew/index.ts';
import { exportExpensesData } from '../../expenses/index.ts';
import { exportNotificationsData } from '../../notifications/index.ts';
import { exportTripsData } from '../../trips/index.ts';
import { exportUserProfile } from '../../users/index.ts';
import { exportWishlistData } from '../../wishlist/index.ts';

/**
 * The archive of "Download my data": every module's part of the user's data (each through its
 * service's export function), their stored files, the JSON checked against exportArchiveSchema,
 * then zipped with schema.json (the JSON Schema generated from the same zod schema).
 */

const CONTENT_TYPES: Record<string, string> = { webp: 'image/webp', jpg: 'image/jpeg', png: 'image/png' };

export interface ArchiveDeps {
  db: Db;
  storage: FileStorage;
  now: () => Date;
  /** Called between steps with the share done so far (0–100). */
  progress: (percent: number) => Promise<void>;
}

export class AccountGoneError extends Error {
  override name = 'AccountGoneError';
}

interface WantedFile {
  key: string;
  path: string;
  kind: ExportFile['kind'];
  tripId: string | null;
}

/** The stored files, read; a file missing from storage is left out of the archive and its index. */
async function readFiles(storage: FileStorage, wanted: WantedFile[]) {
  const files: ExportFile[] = [];
  const entries: Zippable = {};
  for (const file of wanted) {
    const data = await storage.get(file.key);
    if (!data) continue;
    const extension = file.key.slice(file.key.lastIndexOf('.') + 1);
    files.push({
      path: file.path,
      kind: file.kind,
      contentType: CONTENT_TYPES[extension] ?? 'application/octet-stream',
      size: data.length,
      tripId: file.tripId,
    });
    // Images are compressed already: stored as they are.
    entries[file.path] = [new Uint8Array(data), { level: 0 }];
  }
  return { files, entries };
}

/** Builds the ZIP of everything Tripcrew keeps about `userId`. */
export async function buildExportArchive(deps: ArchiveDeps, userId: string): Promise<Uint8Array> {
  const { db, storage, progress } = deps;
  const profile = await exportUserProfile(db, userId);
  if (!profile) throw new AccountGoneError('the account no longer exists');
  await progress(10);
  const crew = await exportCrewData(db, userId);
  await progress(20);
  const { trips, covers } = await exportTripsData(db, userId);
  await progress(40);
  const messages = await exportMessagesData(db, userId);
  await progress(55);
  const wishlists = await exportWishlistData(db, userId);
  const { notifications, settings } = await exportNotificationsData(db, userId);
  const sessions = await exportSessionsData(db, userId);
  const expenses = await exportExpensesData(db, userId);
  await progress(65);

  const { avatarKeys, ...user } = profile;
  const avatarPaths = avatarKeys
    ? { original: 'files/avatar-original.webp', thumbnail: 'files/avatar-thumbnail.webp' }
    : null;
  const wanted: WantedFile[] = [
    ...(avatarKeys && avatarPaths
      ? [
          {
            key: avatarKeys.original,
            path: avatarPaths.original,
            kind: 'avatar-original' as const,
            tripId: null,
          },
          {
            key: avatarKeys.thumbnail,
            path: avatarPaths.thumbnail,
            kind: 'avatar-thumbnail' as const,
            tripId: null,
          },
        ]
      : []),
    ...covers.map((c) => ({
      key: c.key,
      path: `files/trip-cover-${c.tripId}.webp`,
      kind: 'trip-cover' as const,
      tripId: c.tripId,
    })),
  ];
  const { files, entries } = await readFiles(storage, wanted);
  await progress(85);
  const stored = new Set(files.map((f) => f.path));
  const archive: ExportArchive = exportArchiveSchema.parse({
    schemaVersion: EXPORT_SCHEMA_VERSION,
    exportedAt: deps.now().toISOString(),
    user: {
      ...user,
      avatar: avatarPaths && stored.has(avatarPaths.original) ? avatarPaths : null,
    },
    crew,
    trips: trips.map((trip) => {
      const cover = `files/trip-cover-${trip.id}.webp`;
      return { ...trip, cover: stored.has(cover) ? cover : null };
    }),
    messages,
    wishlists,
    notifications,
    notificationSettings: settings,
    sessions,
    expenses,
    files,
  });
  const zip = zipSync({
    [EXPORT_JSON_NAME]: strToU8(JSON.stringify(archive, null, 2)),
    [EXPORT_SCHEMA_NAME]: strToU8(JSON.stringify(exportArchiveJsonSchema(), null, 2)),
    ...entries,
  });
  await progress(95);
  return zip;
}

import type { Db } from '../../db/client.ts';
import { findValue } from '../../db/find-value.ts';
import { updateWhenChanged } from '../../db/upsert.ts';
import { vocabulary } from './vocabulary.table.ts';

export async function findVocabulary(db: Db, key: string): Promise<unknown | undefined> {
  return findValue(db, vocabulary.value, vocabulary.key, key);
}

/** Inserts or refreshes entries; rows whose value did not change are left untouched. */
export async function upsertVocabulary(
  db: Db,
  entries: Array<{ key: string; value: unknown }>,
): Promise<void> {
  if (entries.length === 0) return;
  await db
    .insert(vocabulary)
    .values(entries)
    .onConflictDoUpdate(updateWhenChanged(vocabulary, vocabulary.key, ['value']));
}

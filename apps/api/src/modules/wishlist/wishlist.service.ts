import {
  DEFAULT_WISHLIST,
  WISHLIST_MAX_ITEMS,
  WISHLIST_MAX_LISTS,
  type WishlistItem,
  type WishlistMove,
} from '@tripcrew/contracts/wishlist';
import { isUuid } from '@tripcrew/contracts/common';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { findFeatureRows, toFeature } from '../features/index.ts';
import {
  countItems,
  countLists,
  deleteItem,
  deleteList,
  ensureListLocked,
  findFeatureIdsOfList,
  findItems,
  findList,
  findListNamedLike,
  findListNames,
  insertItem,
  insertList,
  renameList,
} from './wishlist.repository.ts';
import { findWishlistsForExport } from './wishlist-export.repository.ts';

/** The user's wishlists for "Download my data": every list and its saved features, with their names. */
export async function exportWishlistData(db: Db, userId: string) {
  const rows = await findWishlistsForExport(db, userId);
  const featureIds = rows.flatMap((r) => (r.featureId ? [r.featureId] : []));
  const names = new Map((await findFeatureRows(db, featureIds)).map((f) => [f.id, f.title]));
  const lists = new Map<
    string,
    {
      id: string;
      name: string;
      createdAt: string;
      items: Array<{ featureId: string; name: string | null; savedAt: string }>;
    }
  >();
  for (const row of rows) {
    let list = lists.get(row.listId);
    if (!list) {
      list = { id: row.listId, name: row.name, createdAt: row.listCreatedAt.toISOString(), items: [] };
      lists.set(row.listId, list);
    }
    if (row.featureId && row.savedAt) {
      list.items.push({
        featureId: row.featureId,
        name: names.get(row.featureId) ?? null,
        savedAt: row.savedAt.toISOString(),
      });
    }
  }
  return [...lists.values()];
}

/** A list's ids after a change (POST /core/wishlist, DELETE …/{featureId}). */
export interface WishlistChange {
  listname: string;
  ids: string[];
}

const noList = (name: string) => notFound(`You have no list named "${name}": create it first.`);

/**
 * Wishlists (SPEC §7 "Wishlist"): per user, always scoped by the caller's id, so nobody ever sees
 * or changes another user's lists (WISHLIST-04). The 'default' list always exists for readers
 * and is created on first write; other lists are created explicitly (adding to a list that does
 * not exist answers 404, so a typo never makes a new list).
 */
export function createWishlistService(deps: { db: Db }) {
  const { db } = deps;

  async function idsOf(tx: Db, listId: string): Promise<string[]> {
    return (await findItems(tx, listId)).map((item) => item.featureId);
  }

  /** The named list, with the user's set of lists locked (the default list's lock), or 404. */
  async function namedListLocked(tx: Db, userId: string, listname: string) {
    await ensureListLocked(tx, userId, DEFAULT_WISHLIST);
    const list = await findList(tx, userId, listname);
    if (!list) throw notFound(`You have no list named "${listname}".`);
    return list;
  }

  async function namesOf(tx: Db, userId: string): Promise<string[]> {
    const names = await findListNames(tx, userId);
    return [DEFAULT_WISHLIST, ...names.filter((name) => name !== DEFAULT_WISHLIST)];
  }

  return {
    /** The feature ids on the list, newest first; a list that does not exist is empty. */
    async ids(userId: string, listname: string): Promise<string[]> {
      return findFeatureIdsOfList(db, userId, listname);
    },

    /** The caller's list names: 'default' first (even before it exists), then the others by age. */
    listNames: (userId: string): Promise<string[]> => namesOf(db, userId),

    /** The list's items with their features, newest first. */
    async all(userId: string, listname: string): Promise<WishlistItem[]> {
      const list = await findList(db, userId, listname);
      if (!list) return [];
      const items = await findItems(db, list.id);
      const features = new Map(
        (
          await findFeatureRows(
            db,
            items.map((item) => item.featureId),
          )
        ).map((row) => [row.id, row]),
      );
      return items.flatMap((item) => {
        const feature = features.get(item.featureId);
        return feature
          ? [
              {
                _id: item.featureId,
                listname,
                createdAt: item.createdAt.toISOString(),
                feature: toFeature(feature),
              },
            ]
          : [];
      });
    },

    /** Adds a feature to a list; `added` is false when it was there already (nothing changes). */
    async add(
      userId: string,
      featureId: string,
      listname: string = DEFAULT_WISHLIST,
    ): Promise<{ change: WishlistChange; added: boolean }> {
      return db.transaction(async (tx) => {
        const [feature] = isUuid(featureId) ? await findFeatureRows(tx, [featureId]) : [];
        if (!feature) throw notFound('There is no place to visit with this id.');
        const list =
          listname === DEFAULT_WISHLIST
            ? await ensureListLocked(tx, userId, DEFAULT_WISHLIST)
            : await findList(tx, userId, listname);
        if (!list) throw noList(listname);
        const added = await insertItem(tx, list.id, feature.id);
        if (added && (await countItems(tx, list.id)) > WISHLIST_MAX_ITEMS) {
          throw conflict(
            `A list holds at most ${WISHLIST_MAX_ITEMS} places: remove some or use another list.`,
          );
        }
        return { change: { listname, ids: await idsOf(tx, list.id) }, added };
      });
    },

    /** Removes a feature from a list; removing what is not there changes nothing. */
    async remove(
      userId: string,
      featureId: string,
      listname: string = DEFAULT_WISHLIST,
    ): Promise<WishlistChange> {
      return db.transaction(async (tx) => {
        const list = await findList(tx, userId, listname);
        if (!list) return { listname, ids: [] };
        if (isUuid(featureId)) await deleteItem(tx, list.id, featureId);
        return { listname, ids: await idsOf(tx, list.id) };
      });
    },

    /** Moves a saved feature between two of the caller's lists, in one transaction. */
    async move(userId: string, body: { featureId: string; from: string; to: string }): Promise<WishlistMove> {
      return db.transaction(async (tx) => {
        const from = await findList(tx, userId, body.from);
        if (!from) throw noList(body.from);
        const to =
          body.to === DEFAULT_WISHLIST
            ? await ensureListLocked(tx, userId, DEFAULT_WISHLIST)
            : await findList(tx, userId, body.to);
        if (!to) throw noList(body.to);
        const featureId = body.featureId.toLowerCase();
        const saved = isUuid(featureId) && (await idsOf(tx, from.id)).includes(featureId);
        if (!saved) throw notFound(`This place is not on your list "${body.from}".`);
        const added = await insertItem(tx, to.id, featureId);
        if (added && (await countItems(tx, to.id)) > WISHLIST_MAX_ITEMS) {
          throw conflict(
            `A list holds at most ${WISHLIST_MAX_ITEMS} places: remove some or use another list.`,
          );
        }
        await deleteItem(tx, from.id, featureId);
        return {
          from: { listname: body.from, ids: await idsOf(tx, from.id) },
          to: { listname: body.to, ids: await idsOf(tx, to.id) },
        };
      });
    },

    /** Creates a named list; resolves to the caller's list names. */
    async createList(userId: string, name: string): Promise<string[]> {
      return db.transaction(async (tx) => {
        await ensureListLocked(tx, userId, DEFAULT_WISHLIST);
        if (await findListNamedLike(tx, userId, name))
          throw conflict(`You already have a list named "${name}".`);
        if ((await countLists(tx, userId)) >= WISHLIST_MAX_LISTS) {
          throw conflict(`You can have at most ${WISHLIST_MAX_LISTS} lists: delete one first.`);
        }
        if (!(await insertList(tx, userId, name))) throw conflict(`You already have a list named "${name}".`);
        return namesOf(tx, userId);
      });
    },

    /** Renames a named list (the default list keeps its name); resolves to the list names. */
    async renameList(userId: string, listname: string, name: string): Promise<string[]> {
      if (listname === DEFAULT_WISHLIST) {
        throw badRequest('The default list cannot be renamed: create a new list instead.', 'listname');
      }
      return db.transaction(async (tx) => {
        const list = await namedListLocked(tx, userId, listname);
        if (name !== listname) {
          if (await findListNamedLike(tx, userId, name, list.id)) {
            throw conflict(`You already have a list named "${name}".`);
          }
          await renameList(tx, list.id, name);
        }
        return namesOf(tx, userId);
      });
    },

    /** Deletes a named list with its items; resolves to the list names. */
    async deleteList(userId: string, listname: string): Promise<string[]> {
      if (listname === DEFAULT_WISHLIST) {
        throw badRequest('The default list cannot be deleted: remove its places instead.', 'listname');
      }
      return db.transaction(async (tx) => {
        const list = await namedListLocked(tx, userId, listname);
        await deleteList(tx, list.id);
        return namesOf(tx, userId);
      });
    },
  };
}
export type WishlistService = ReturnType<typeof createWishlistService>;

import { categoriesResponseSchema, type Category } from '@tripcrew/contracts/categories';
import type { Db } from '../../db/client.ts';
import { cachedJson, type CatalogueCache } from '../../platform/catalogue-cache.ts';
import { badRequest } from '../../platform/errors.ts';
import { categoryTaxonomy } from './categories.data.ts';
import { listCategories, replaceCategories } from './categories.repository.ts';

export function createCategoriesService(deps: { db: Db; cache: CatalogueCache }) {
  const { db, cache } = deps;
  const all = () =>
    cachedJson(cache, 'categories', categoriesResponseSchema, async (): Promise<Category[]> =>
      (await listCategories(db)).map((c) => ({
        title: c.title,
        subcategories: c.subcategories,
        icon: c.icon,
      })),
    );
  return {
    /** The taxonomy, serialized once per catalogue version (with its ETag). */
    all,
    /**
     * The category names a filter means: each given title or subcategory (case-insensitive), a
     * top category together with its subcategories. An unknown name is a 400 naming it.
     */
    async expand(names: string[]): Promise<string[]> {
      const { value } = await all();
      const known = new Map<string, string[]>();
      for (const c of value) {
        known.set(c.title.toLowerCase(), [c.title, ...c.subcategories]);
        for (const s of c.subcategories) if (!known.has(s.toLowerCase())) known.set(s.toLowerCase(), [s]);
      }
      const result = new Set<string>();
      for (const name of names) {
        const match = known.get(name.trim().toLowerCase());
        if (!match) throw badRequest(`Unknown category "${name.trim().slice(0, 60)}".`, 'categories');
        for (const m of match) result.add(m);
      }
      return [...result];
    },
  };
}
export type CategoriesService = ReturnType<typeof createCategoriesService>;

/** Seeds the taxonomy of categories.data.ts; true when something changed. */
export async function seedCategories(db: Db): Promise<boolean> {
  const changed = await replaceCategories(
    db,
    categoryTaxonomy.map((c, position) => ({
      title: c.title,
      icon: c.icon,
      subcategories: c.subcategories,
      position,
    })),
  );
  return changed > 0;
}

/** The icon of a category or subcategory title (for generated artwork). */
export function categoryIcon(name: string): string | undefined {
  const lower = name.toLowerCase();
  return categoryTaxonomy.find((c) => c.title === lower || c.subcategories.includes(lower))?.icon;
}

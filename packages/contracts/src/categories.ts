import { z } from 'zod';

/** SPEC §3: a category has title, subcategories[] and icon. */
export const categorySchema = z.object({
  title: z.string(),
  subcategories: z.array(z.string()),
  icon: z.string(),
});
export type Category = z.infer<typeof categorySchema>;

/** GET /core/categories/all */
export const categoriesResponseSchema = z.array(categorySchema);

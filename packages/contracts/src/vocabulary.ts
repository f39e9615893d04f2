import { z } from 'zod';

/** GET /core/vocabulary/travel-checklist: groups of item names. */
export const travelChecklistSchema = z.object({
  travel_checklist: z.record(z.string(), z.array(z.string())),
});
export type TravelChecklist = z.infer<typeof travelChecklistSchema>;

export const aboutSectionSchema = z.object({
  title: z.string(),
  image: z.string(),
  text: z.string(),
});
export type AboutSection = z.infer<typeof aboutSectionSchema>;

/** GET /core/vocabulary/about-us: a map of sections, each with title, image and text (SPEC §3). */
export const aboutUsSchema = z.record(z.string(), aboutSectionSchema);
export type AboutUs = z.infer<typeof aboutUsSchema>;

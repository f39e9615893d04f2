import { z } from 'zod';
import { idSchema } from './common.ts';
import { userImageSchema } from './users.ts';

/** Crew search: at least 3 characters, letters and digits only (SPEC §5; '@', '.', '+' and spaces are refused). */
export const CREW_SEARCH_MIN = 3;
export const CREW_SEARCH_MAX = 64;
export const CREW_SEARCH_PATTERN = /^[\p{L}\p{N}]+$/u;

export const crewSearchQuerySchema = z.strictObject({
  query: z
    .string()
    .trim()
    .min(CREW_SEARCH_MIN, `Type at least ${CREW_SEARCH_MIN} characters to search for people`)
    .max(CREW_SEARCH_MAX, `Search with at most ${CREW_SEARCH_MAX} characters`)
    .regex(CREW_SEARCH_PATTERN, 'Search with letters and digits only'),
});

/** 'friend': in my crew; 'pending': I asked them; 'incoming': they asked me. */
export const crewStatusSchema = z.enum(['friend', 'pending', 'incoming']);
export type CrewStatus = z.infer<typeof crewStatusSchema>;

/** A person as crew screens show them (SPEC §3 "Crew search result"). */
export const crewUserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  lastName: z.string(),
  image: userImageSchema,
});
export type CrewUser = z.infer<typeof crewUserSchema>;

export const crewSearchResultSchema = crewUserSchema.extend({ status: crewStatusSchema.optional() });
export type CrewSearchResult = z.infer<typeof crewSearchResultSchema>;
export const crewSearchResponseSchema = z.array(crewSearchResultSchema);

/** GET /users/crew/my-crew. */
export const myCrewResponseSchema = z.array(crewUserSchema);

/** SPEC §3 "Crew request": _id and the other user. */
export const crewRequestSchema = z.object({
  _id: z.string(),
  user: crewUserSchema,
  createdAt: z.string().describe('ISO 8601 timestamp'),
});
export type CrewRequest = z.infer<typeof crewRequestSchema>;

/** GET /users/crew/requests. */
export const crewRequestsResponseSchema = z.object({
  incoming: z.array(crewRequestSchema),
  outgoing: z.array(crewRequestSchema),
});
export type CrewRequests = z.infer<typeof crewRequestsResponseSchema>;

/** POST /users/crew/crew-request. */
export const crewRequestBodySchema = z.strictObject({ userId: idSchema });

/**
 * POST /users/crew/crew-request answers with what happened: a new (or already pending) request,
 * or, when the other person had already asked, an accept (both are now in each other's crew).
 */
export const crewRequestResultSchema = z.object({
  status: z.enum(['pending', 'friend']),
  request: crewRequestSchema.optional(),
});
export type CrewRequestResult = z.infer<typeof crewRequestResultSchema>;

export const crewRequestParamsSchema = z.strictObject({ id: idSchema });
export const crewMemberParamsSchema = z.strictObject({ userId: idSchema });

export { okSchema } from './common.ts';

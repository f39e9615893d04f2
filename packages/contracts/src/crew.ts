import { z } from 'zod';
import { idSchema, lineText } from './common.ts';
import { personFields } from './users.ts';

/**
 * Crew search (SPEC §5, issue 22): a part of a name, or a phone number's digits, at least 3
 * letters and digits ('.', '+' and spaces are refused); or a whole email address. Names match
 * by substring, an email and a phone number only whole, so that a search never lists accounts
 * by the domain or digits they share.
 */
export const CREW_SEARCH_MIN = 3;
export const CREW_SEARCH_MAX = 64;
export const CREW_SEARCH_PATTERN = /^[\p{L}\p{N}]+$/u;
const wholeEmail = z.email();

/** True when the (trimmed) search text is a whole email address. */
export function isCrewSearchEmail(text: string): boolean {
  return wholeEmail.safeParse(text.trim()).success;
}

/** True when the search text, trimmed, is one the crew search accepts. */
export function isCrewSearchQuery(text: string): boolean {
  const query = text.trim();
  return (
    query.length >= CREW_SEARCH_MIN &&
    query.length <= CREW_SEARCH_MAX &&
    (CREW_SEARCH_PATTERN.test(query) || isCrewSearchEmail(query))
  );
}

export const crewSearchQuerySchema = z.strictObject({
  query: lineText()
    .min(CREW_SEARCH_MIN, `Type at least ${CREW_SEARCH_MIN} characters to search for people`)
    .max(CREW_SEARCH_MAX, `Search with at most ${CREW_SEARCH_MAX} characters`)
    .refine(
      (query) => CREW_SEARCH_PATTERN.test(query) || isCrewSearchEmail(query),
      'Search with letters and digits only, or a whole email address',
    ),
});

/** 'friend': in my crew; 'pending': I asked them; 'incoming': they asked me. */
export const crewStatusSchema = z.enum(['friend', 'pending', 'incoming']);
export type CrewStatus = z.infer<typeof crewStatusSchema>;

/** A person as crew screens show them (SPEC §3 "Crew search result"). */
export const crewUserSchema = z.object({ ...personFields });
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

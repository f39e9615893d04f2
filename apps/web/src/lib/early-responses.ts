/**
 * The answers the start-up script (src/early-requests.ts) asked for before the app's code had
 * arrived, handed to the API client (PERF-07). The script runs from index.html at once, while the
 * app's JavaScript downloads, so on a phone the first page's data is in before the app needs it.
 *
 * An answer is taken once, for the same URL and access token (any token for a public address),
 * within EARLY_RESPONSE_TTL_MS of its request; anything else is left to a request of its own, so a
 * stale or foreign answer is never served.
 */

/** One request of the start-up script. */
export interface EarlyRequest {
  url: string;
  /** The access token it was sent with (null: none). */
  token: string | null;
  /** Sent without a session to a public address whose answer is the same for everyone: it serves any token. */
  public: boolean;
  /** Date.now() when it was sent. */
  at: number;
  response: Promise<Response>;
}

declare global {
  interface Window {
    /** Requests the start-up script sent (src/early-requests.ts); the API client takes them. */
    tripcrewEarlyRequests?: EarlyRequest[];
  }
}

export const EARLY_RESPONSE_TTL_MS = 15_000;

/**
 * The start-up script's answer for a GET of `url` sent with `token`, or null. Taken answers leave
 * the list; so do expired ones, whatever their URL.
 */
export function takeEarlyResponse(
  url: string,
  token: string | null,
  now = Date.now(),
  scope: Pick<Window, 'tripcrewEarlyRequests'> = window,
): Promise<Response> | null {
  const requests = scope.tripcrewEarlyRequests;
  if (!requests || requests.length === 0) return null;
  const fresh = requests.filter((request) => now - request.at < EARLY_RESPONSE_TTL_MS);
  const index = fresh.findIndex(
    (request) => request.url === url && (request.public || request.token === token),
  );
  const taken = index === -1 ? null : fresh.splice(index, 1)[0];
  scope.tripcrewEarlyRequests = fresh;
  return taken ? taken.response : null;
}

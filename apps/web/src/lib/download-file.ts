import { readBody, rawFetch } from './api-auth.ts';
import { apiConfig, apiUrl, CLIENT_HEADER, CLIENT_HEADER_VALUE } from './api-config.ts';
import { errorFromResponse } from './api-error.ts';

/** Saves a Blob as a file through a temporary object URL. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The file name of a Content-Disposition header, or `fallback`. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  return /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? fallback;
}

/**
 * A binary answer of the API (a ZIP, an image, a PDF) fetched with the signed-in user's token. The
 * API client reads JSON and text only, so this goes around it; call an ordinary API read first
 * when the token may have expired (the client refreshes it there). Offline, the service worker
 * answers the files it keeps (a booking's files).
 */
export async function fetchAuthorized(path: string): Promise<Response> {
  const token = apiConfig().getTokens().accessToken;
  const response = await rawFetch(apiUrl(path), {
    headers: {
      [CLIENT_HEADER]: CLIENT_HEADER_VALUE,
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
  });
  if (!response.ok) throw errorFromResponse(response, await readBody(response));
  return response;
}

/** A binary answer of the API, saved by the browser as a file (fetchAuthorized). */
export async function downloadAuthorized(path: string, fallbackName: string): Promise<void> {
  const response = await fetchAuthorized(path);
  saveBlob(await response.blob(), fileNameOf(response.headers.get('content-disposition'), fallbackName));
}

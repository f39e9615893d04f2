import { t } from '@lingui/core/macro';
import {
  BOOKING_IMPORT_MAX_BYTES,
  type BookingImportBody,
  createTripBookingBodySchema,
  type CreateTripBookingBody,
} from '@tripcrew/contracts/trip-bookings';
import { newTripBookingId, type NewTripBooking } from '../../api/trip-bookings.ts';

export type ImportFormat = BookingImportBody['format'];

/** What the file picker offers: saved mails, web pages and calendar files. */
export const IMPORT_ACCEPT = '.eml,.html,.htm,.ics,message/rfc822,text/html,text/calendar';

/** The format of a file by its name (else its type); null for any other file. */
export function formatOfFile(file: Pick<File, 'name' | 'type'>): ImportFormat | null {
  const name = file.name.toLowerCase();
  if (name.endsWith('.eml') || file.type === 'message/rfc822') return 'eml';
  if (name.endsWith('.ics') || file.type === 'text/calendar') return 'ics';
  if (name.endsWith('.html') || name.endsWith('.htm') || file.type === 'text/html') return 'html';
  return null;
}

/** A file's text, read in the browser (FileReader: every browser, and the tests' DOM). */
function textOf(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsText(file);
  });
}

/** The import body of a file read in the browser, or what is wrong with the file. */
export async function readImportFile(file: File): Promise<{ body: BookingImportBody } | { problem: string }> {
  const format = formatOfFile(file);
  if (!format)
    return { problem: t`Choose a saved mail (.eml), a web page (.html) or a calendar file (.ics).` };
  if (file.size > BOOKING_IMPORT_MAX_BYTES) return { problem: t`A mail or file to import is at most 2 MB.` };
  const content = await textOf(file);
  if (content.trim() === '') return { problem: t`The file is empty.` };
  return { body: { format, content } };
}

/** A draft as the import list holds it: its body, an id chosen now (one add each), whether it is picked. */
export interface ImportDraft {
  body: CreateTripBookingBody;
  id: string;
  picked: boolean;
  /** What the server or the contract said against it, shown beside it. */
  problem: string | null;
}

export const draftsOf = (bookings: readonly CreateTripBookingBody[]): ImportDraft[] =>
  bookings.map((body) => ({ body, id: newTripBookingId(), picked: true, problem: null }));

/** The draft as a create body with its id; the first problem the contract finds, else null. */
export function draftBody(draft: ImportDraft): { body: NewTripBooking; problem: string | null } {
  const body: NewTripBooking = { ...draft.body, _id: draft.id };
  const parsed = createTripBookingBodySchema.safeParse(body);
  return { body, problem: parsed.success ? null : (parsed.error.issues[0]?.message ?? null) };
}

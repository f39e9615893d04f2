import {
  BOOKING_IMPORT_MAX_BYTES,
  type BookingImportBody,
  type BookingImportResult,
  type CreateTripBookingBody,
} from '@tripcrew/contracts/trip-bookings';
import PostalMime, { type Email } from 'postal-mime';
import { badRequest } from '../../../../platform/errors.ts';
import { readCalendar } from './booking-calendar.ts';
import { FILE_BOOKINGS_MAX, finishDraft, mergeDrafts, type BookingDraft } from './booking-draft.ts';
import { thingsInHtml } from './booking-html.ts';
import { draftOfReservation, isCancelled, reservationsIn } from './booking-markup.ts';

/**
 * Reads the bookings of a file a user drops: a saved confirmation mail (.eml), an HTML page or
 * pasted HTML, or an iCalendar invitation (.ics). Mails and pages give the schema.org
 * reservation markup (JSON-LD and microdata) that airlines, hotels, rail and ticket sites embed
 * for mail clients; a mail without it gives its calendar invitations instead. Pure: no database,
 * no network (no image, stylesheet or link of a mail is ever fetched, no script run). Whatever the
 * input, it answers drafts and a message or a 400 naming the problem.
 */

/** How deeply the parts of a mail may nest (multipart in multipart …) and forwarded mails inside it. */
const MAIL_NESTING_MAX = 32;
const FORWARDED_NESTING_MAX = 3;
/** How many HTML and calendar attachments of one mail are read. */
const ATTACHMENTS_MAX = 20;

const NO_MARKUP_MAIL =
  'This mail holds no booking markup: airlines, hotels and ticket sites add it to most confirmation mails, but not this one. Add the booking by hand.';
const NO_MARKUP_PAGE =
  'This page holds no booking markup: airlines, hotels and ticket sites add it to most confirmation mails, but not this one. Add the booking by hand.';
const NO_TIMES =
  'The booking markup of this file gives no date and time that could be read. Add the booking by hand.';
const ONLY_CANCELLED = 'This file cancels its booking rather than confirming one: there is nothing to add.';
const NO_EVENTS = 'This file holds no events.';

/** Headers of which a mail has at least one. */
const MAIL_HEADERS = new Set([
  'from',
  'to',
  'subject',
  'date',
  'message-id',
  'mime-version',
  'content-type',
  'received',
  'return-path',
  'sender',
  'reply-to',
]);

const WHAT: Record<BookingImportBody['format'], string> = {
  eml: 'a mail (.eml)',
  html: 'HTML',
  ics: 'a calendar (.ics)',
};

function assertReadable(format: BookingImportBody['format'], content: string): void {
  if (content.trim() === '') throw badRequest('The file is empty.', 'content');
  const bytes = Buffer.byteLength(content, 'utf8');
  if (bytes > BOOKING_IMPORT_MAX_BYTES) {
    throw badRequest(
      `A mail or file to import is at most 2 MB: this one is ${(bytes / 1024 / 1024).toFixed(1)} MB.`,
      'content',
    );
  }
  if (content.includes('\u0000')) {
    throw badRequest(`This file could not be read as ${WHAT[format]}: it is not text.`, 'content');
  }
}

/** Drafts of the markup in HTML documents: reservations merged per booking; cancellations counted. */
function markupDrafts(htmls: readonly string[]): {
  drafts: BookingDraft[];
  reservations: number;
  cancelled: number;
} {
  const drafts: BookingDraft[] = [];
  let reservations = 0;
  let cancelled = 0;
  for (const html of htmls) {
    for (const reservation of reservationsIn(thingsInHtml(html))) {
      reservations += 1;
      if (isCancelled(reservation)) {
        cancelled += 1;
        continue;
      }
      const draft = draftOfReservation(reservation);
      if (draft) drafts.push(draft);
    }
  }
  return { drafts: mergeDrafts(drafts), reservations, cancelled };
}

/** The create bodies of drafts (those that pass the schema), in time order, at most 50. */
function bodiesOf(drafts: readonly BookingDraft[]): CreateTripBookingBody[] {
  return drafts
    .map((draft) => finishDraft(draft))
    .filter((body): body is CreateTripBookingBody => body !== null)
    .sort((a, b) => a.start.local.localeCompare(b.start.local))
    .slice(0, FILE_BOOKINGS_MAX);
}

function answer(bookings: CreateTripBookingBody[], emptyMessage: string): BookingImportResult {
  return { bookings, message: bookings.length > 0 ? null : emptyMessage };
}

function readHtml(content: string): BookingImportResult {
  if (!/<[a-z!]/i.test(content)) {
    throw badRequest(
      'This could not be read as HTML: it holds no tags. Paste the source of the mail or page, or drop the saved file.',
      'content',
    );
  }
  const read = markupDrafts([content]);
  const bookings = bodiesOf(read.drafts);
  return answer(
    bookings,
    read.reservations === 0
      ? NO_MARKUP_PAGE
      : read.cancelled === read.reservations
        ? ONLY_CANCELLED
        : NO_TIMES,
  );
}

function readIcs(content: string): BookingImportResult {
  if (!/^\s*BEGIN:(VCALENDAR|VEVENT)\b/i.test(content)) {
    throw badRequest(
      'This file could not be read as a calendar (.ics): it does not start with BEGIN:VCALENDAR.',
      'content',
    );
  }
  let read: ReturnType<typeof readCalendar>;
  try {
    read = readCalendar(content);
  } catch {
    throw badRequest(
      'This file could not be read as a calendar (.ics): its lines are not iCalendar.',
      'content',
    );
  }
  const bookings = bodiesOf(read.drafts);
  return answer(bookings, read.cancelled > 0 && read.drafts.length === 0 ? ONLY_CANCELLED : NO_EVENTS);
}

async function parseMail(content: string): Promise<Email> {
  let mail: Email;
  try {
    mail = await PostalMime.parse(content, {
      maxNestingDepth: MAIL_NESTING_MAX,
      maxRfc822NestingDepth: FORWARDED_NESTING_MAX,
    });
  } catch (error) {
    const tooDeep = error instanceof Error && /nesting depth/i.test(error.message);
    throw badRequest(
      tooDeep
        ? `This mail could not be read: its parts nest more than ${MAIL_NESTING_MAX} levels deep.`
        : 'This file could not be read as a mail (.eml): its headers or parts are broken.',
      'content',
    );
  }
  if (!mail.headers.some((header) => MAIL_HEADERS.has(header.key))) {
    throw badRequest(
      'This file could not be read as a mail (.eml): it has no mail headers (From, To, Subject). Save the mail from your mail app as a file, or paste its HTML.',
      'content',
    );
  }
  return mail;
}

const decoder = new TextDecoder('utf-8');
const textOfContent = (content: ArrayBuffer | Uint8Array | string): string =>
  typeof content === 'string' ? content : decoder.decode(content);

async function readEml(content: string): Promise<BookingImportResult> {
  const mail = await parseMail(content);
  const attachments = mail.attachments;
  const isCalendar = (type: string, name: string | null) =>
    type === 'text/calendar' || type === 'application/ics' || /\.ics$/i.test(name ?? '');
  const htmls = [
    ...(mail.html ? [mail.html] : []),
    ...attachments
      .filter((part) => part.mimeType === 'text/html')
      .slice(0, ATTACHMENTS_MAX)
      .map((part) => textOfContent(part.content)),
  ];
  const markup = markupDrafts(htmls);
  const fromMarkup = bodiesOf(markup.drafts);
  if (fromMarkup.length > 0) return answer(fromMarkup, NO_MARKUP_MAIL);
  const calendarDrafts: BookingDraft[] = [];
  let cancelledEvents = 0;
  for (const part of attachments
    .filter((entry) => isCalendar(entry.mimeType, entry.filename))
    .slice(0, ATTACHMENTS_MAX)) {
    try {
      const read = readCalendar(textOfContent(part.content));
      calendarDrafts.push(...read.drafts);
      cancelledEvents += read.cancelled;
    } catch {
      // an attachment that is not iCalendar is skipped
    }
  }
  const fromCalendar = bodiesOf(calendarDrafts);
  const cancelledOnly =
    (markup.reservations > 0 && markup.cancelled === markup.reservations) ||
    (markup.reservations === 0 && cancelledEvents > 0 && calendarDrafts.length === 0);
  return answer(
    fromCalendar,
    cancelledOnly ? ONLY_CANCELLED : markup.reservations > markup.cancelled ? NO_TIMES : NO_MARKUP_MAIL,
  );
}

/** The reader of each format. */
const READERS = new Map<string, (content: string) => BookingImportResult | Promise<BookingImportResult>>([
  ['html', readHtml],
  ['ics', readIcs],
  ['eml', readEml],
]);

/**
 * The booking drafts of a saved mail, HTML or calendar file, each a create body that passes the
 * contract's schema except that its start's zone may be missing (the server finds it from the
 * airport or the place's point); `message` says why there are none. Throws a 400 (AppError) for a
 * file too large, empty, binary or not of its format.
 */
export async function readBookingFile(input: {
  format: 'eml' | 'html' | 'ics';
  content: string;
}): Promise<{ bookings: CreateTripBookingBody[]; message: string | null }> {
  assertReadable(input.format, input.content);
  const read = READERS.get(input.format);
  if (!read) throw badRequest('The format is eml, html or ics.', 'format');
  return read(input.content);
}

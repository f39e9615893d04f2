import { t } from '@lingui/core/macro';
import { fieldName } from '../field-names.ts';
import type { HistoryEntry } from '../../api/trip-history.ts';
import { formatLongDate } from '../../../../lib/format/date-words.ts';
import { MONEY_KINDS, moneyDetails, moneySentence } from './money-words.ts';

/**
 * A history entry in words (decision 035): "Ben moved Castelo de São Jorge from day 1 to day 2",
 * "Ana changed the note 'Meet at the hotel'" with the text before and after, "A former member
 * removed …" once an account is gone. Days are counted from the trip's start.
 */

/** What the words need of the trip: its first day and who is in it (for "who brings it"). */
export interface HistoryContext {
  startDate: string | null;
  memberName: (userId: string) => string | null;
  /** An expense category in words ("Food and drinks"). */
  categoryName: (category: string) => string;
}

/** A field's value before and after a change, in words. */
export interface HistoryDetail {
  field: string;
  before: string;
  after: string;
}

export interface HistoryWords {
  sentence: string;
  details: HistoryDetail[];
}

const DAY_MS = 86_400_000;

const dayIndex = (date: string): number | null => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  return match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / DAY_MS : null;
};

/** A planner day: 'day 2' from the trip's start, 'unscheduled' for the tray, else the date. */
export function dayWords(value: unknown, startDate: string | null): string {
  if (value === null || value === undefined || value === '') return t`unscheduled`;
  if (typeof value !== 'string') return '';
  const day = dayIndex(value);
  const start = startDate ? dayIndex(startDate) : null;
  if (day !== null && start !== null && day >= start) {
    const number = day - start + 1;
    return t`day ${number}`;
  }
  return formatLongDate(value) || value;
}

const quote = (text: string): string => `‘${text}’`;

const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

function valueWords(field: string, value: unknown, context: HistoryContext): string {
  if (field === 'date') return dayWords(value, context.startDate);
  if (field === 'startDate' || field === 'endDate')
    return typeof value === 'string' ? formatLongDate(value) || value : t`none`;
  if (field === 'time') return typeof value === 'string' && value ? value : t`no time`;
  if (field === 'done') return value === true ? t`yes` : t`no`;
  if (field === 'assignedTo')
    return typeof value === 'string' ? (context.memberName(value) ?? t`a former member`) : t`anyone`;
  if (field === 'transportMode') return value === 'public' ? t`public transport` : t`private transport`;
  if (field === 'lat' || field === 'lng') return typeof value === 'number' ? String(value) : '';
  if (field === 'category' || field === 'website' || field === 'phone')
    return typeof value === 'string' ? value : t`none`;
  return typeof value === 'string' ? value : '';
}

/** Fields whose change the sentence says in full when it is the only one. */
const SAID_IN_FULL = ['tripName', 'transportMode', 'done', 'assignedTo'];

/** The fields a change touched, before and after (the cover's file names are not worth showing). */
function detailsOf(entry: HistoryEntry, context: HistoryContext): HistoryDetail[] {
  if (entry.action !== 'changed') return [];
  const [only, ...others] = entry.fields;
  if (!entry.undoOf && others.length === 0 && only && SAID_IN_FULL.includes(only)) return [];
  return entry.fields
    .filter((field) => field !== 'image')
    .map((field) => ({
      field: fieldName(field),
      before: valueWords(field, entry.before?.[field], context),
      after: valueWords(field, entry.after?.[field], context),
    }));
}

/** The person who made the change: their name, or "A former member" once their account is gone. */
export const whoOf = (entry: HistoryEntry): string => entry.by?.name ?? t`A former member`;

function tripSentence(entry: HistoryEntry, who: string, context: HistoryContext): string {
  const fields = entry.fields;
  const datesOnly =
    fields.length > 0 && fields.every((field) => field === 'startDate' || field === 'endDate');
  if (entry.undoOf)
    return datesOnly ? t`${who} undid a change of the trip's dates` : t`${who} undid a change to the trip`;
  if (fields.length === 1 && fields[0] === 'tripName') {
    const from = textOf(entry.before?.tripName);
    const to = textOf(entry.after?.tripName);
    return t`${who} renamed the trip from ${from} to ${to}`;
  }
  if (fields.length === 1 && fields[0] === 'transportMode') {
    const mode = valueWords('transportMode', entry.after?.transportMode, context);
    return t`${who} switched the trip to ${mode}`;
  }
  if (datesOnly) return t`${who} changed the trip's dates`;
  if (fields.length === 1 && fields[0] === 'image') return t`${who} changed the trip's cover`;
  return t`${who} changed the trip`;
}

function featureSentence(entry: HistoryEntry, who: string): string {
  const label = entry.label;
  if (entry.action === 'added')
    return entry.undoOf
      ? t`${who} undid removing ${label} from the trip`
      : t`${who} added ${label} to the trip`;
  if (entry.action === 'removed')
    return entry.undoOf
      ? t`${who} undid adding ${label} to the trip`
      : t`${who} removed ${label} from the trip`;
  if (entry.action === 'restored')
    return entry.undoOf
      ? t`${who} undid removing ${label} from the trip`
      : t`${who} put ${label} back in the trip`;
  return t`${who} changed ${label}`;
}

function plannerSentence(entry: HistoryEntry, who: string, context: HistoryContext): string {
  const label = entry.label;
  const note = quote(label);
  switch (entry.action) {
    case 'moved': {
      const from = dayWords(entry.before?.date, context.startDate);
      const to = dayWords(entry.after?.date, context.startDate);
      return entry.undoOf
        ? t`${who} undid moving ${label}: from ${from} back to ${to}`
        : t`${who} moved ${label} from ${from} to ${to}`;
    }
    case 'added':
      return t`${who} added the note ${note}`;
    case 'removed':
      return entry.undoOf ? t`${who} undid adding the note ${note}` : t`${who} removed the note ${note}`;
    case 'restored':
      return entry.undoOf
        ? t`${who} undid removing the note ${note}`
        : t`${who} brought back the note ${note}`;
    case 'changed':
      if (entry.undoOf) return t`${who} undid a change to ${note}`;
      if (entry.fields.includes('text')) return t`${who} changed the note ${note}`;
      return t`${who} changed the time of ${label}`;
  }
}

function packingSentence(entry: HistoryEntry, who: string, context: HistoryContext): string {
  const item = quote(entry.label);
  switch (entry.action) {
    case 'added':
      return t`${who} added ${item} to the packing list`;
    case 'removed':
      return entry.undoOf
        ? t`${who} undid adding ${item} to the packing list`
        : t`${who} removed ${item} from the packing list`;
    case 'restored':
      return entry.undoOf
        ? t`${who} undid removing ${item} from the packing list`
        : t`${who} put ${item} back on the packing list`;
    case 'moved':
    case 'changed': {
      if (entry.undoOf) return t`${who} undid a change to ${item} on the packing list`;
      const [only, ...others] = entry.fields;
      if (others.length === 0 && only === 'done')
        return entry.after?.done === true ? t`${who} packed ${item}` : t`${who} unpacked ${item}`;
      if (others.length === 0 && only === 'assignedTo') {
        const assignee = entry.after?.assignedTo;
        if (typeof assignee !== 'string') return t`${who} left ${item} for anyone to bring`;
        const name = valueWords('assignedTo', assignee, context);
        return t`${who} asked ${name} to bring ${item}`;
      }
      if (others.length === 0 && only === 'text') return t`${who} renamed ${item} on the packing list`;
      return t`${who} changed ${item} on the packing list`;
    }
  }
}

/** A place of the trip's own (the group's flat, a friend's restaurant). */
function placeSentence(entry: HistoryEntry, who: string): string {
  const place = quote(entry.label);
  switch (entry.action) {
    case 'added':
      return t`${who} added the place ${place}`;
    case 'removed':
      return entry.undoOf ? t`${who} undid adding the place ${place}` : t`${who} removed the place ${place}`;
    case 'restored':
      return entry.undoOf
        ? t`${who} undid removing the place ${place}`
        : t`${who} brought back the place ${place}`;
    case 'moved':
    case 'changed': {
      if (entry.undoOf) return t`${who} undid a change to the place ${place}`;
      const fields = entry.fields;
      if (fields.length === 1 && fields[0] === 'name') return t`${who} renamed the place ${place}`;
      if (fields.length > 0 && fields.every((field) => field === 'lat' || field === 'lng'))
        return t`${who} moved the place ${place} on the map`;
      return t`${who} changed the place ${place}`;
    }
  }
}

/** The entry's sentence, and for a change its fields before and after. */
export function describeEntry(entry: HistoryEntry, context: HistoryContext): HistoryWords {
  const who = whoOf(entry);
  if (MONEY_KINDS.includes(entry.kind))
    return { sentence: moneySentence(entry, who, context), details: moneyDetails(entry, context) };
  const sentence =
    entry.kind === 'trip'
      ? tripSentence(entry, who, context)
      : entry.kind === 'trip-feature'
        ? featureSentence(entry, who)
        : entry.kind === 'planner-item'
          ? plannerSentence(entry, who, context)
          : entry.kind === 'trip-place'
            ? placeSentence(entry, who)
            : packingSentence(entry, who, context);
  return { sentence, details: detailsOf(entry, context) };
}

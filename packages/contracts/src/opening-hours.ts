/**
 * OpenStreetMap `opening_hours` values ("Mo-Fr 09:00-17:00; Sa 10:00-14:00; PH off") checked and
 * evaluated with the reference library (opening_hours.js), in the place's own wall-clock time.
 *
 * The library reads and builds Date objects with local getters (getHours, getDay …), i.e. in the
 * zone of the JS runtime. So an instant is first turned into the place's wall-clock fields (Intl,
 * the place's IANA zone), those fields are put into a runtime-local Date, the library evaluates
 * that, and what it returns is read back through local getters as the place's wall-clock time.
 * The answer is the same on a UTC server and in a browser in Tokyo. One limit remains: wall times
 * that do not exist in the *runtime's* zone (the hour its own spring clock change skips, on that
 * one date) cannot be represented, so a place's times inside that hour are shifted or lost for
 * that date (a runtime in New York sees no "02:00-03:00" on 2026-03-08). A UTC runtime is exact.
 *
 * Public holidays (`PH`): with a country the library has country-wide holidays for, `PH` rules use
 * them. Without a country, or for one it does not know (Thailand, say) or knows only region by
 * region (Great Britain, Andorra, Albania, Liechtenstein: no region is passed), public holidays
 * are unknown and taken to fall on no day: `PH` rules are ignored (`Sa,PH 10:00-14:00` reads as
 * `Sa 10:00-14:00`, `PH off` as nothing) rather than failing the whole value.
 */
import OpeningHours, { type nominatim_object, type optional_conf } from 'opening_hours';
import { type WallClock, wallClockAt } from './zoned-time.ts';

export { type WallClock, wallClockAt };

/** The state of a place at an instant, in the place's own wall-clock time. */
export type OpeningState =
  | {
      status: 'open';
      /** Wall-clock time ('HH:MM', local to the place) it stops being open; null: not within 7 days. */
      closesAt: string | null;
      /** Local date ('YYYY-MM-DD') of `closesAt`; null with it. */
      closesOn: string | null;
      /** True when what follows the opening is "unknown" (the library cannot say) rather than closed. */
      unknownSoon?: boolean;
    }
  | {
      status: 'closed';
      /** Wall-clock time ('HH:MM') of the next opening within 7 days; null: none (unknown is not open). */
      opensAt: string | null;
      /** Local date ('YYYY-MM-DD') of `opensAt`; null with it. */
      opensOn: string | null;
      /** No opening (nor possible opening) at all on the place's current local date. */
      closedAllDay: boolean;
    }
  /** The value says "unknown" or only has a comment ("by appointment"), or could not be evaluated. */
  | { status: 'unknown' };

/**
 * Countries the library (v3.15) has country-wide public holidays for. Not listed although the
 * library has them: `gb`, `ad`, `al` and `li` (holidays by region only; without a region the
 * library throws) and `xa` (its test fixture). A country missing here has its `PH` ignored.
 */
const HOLIDAY_COUNTRIES = new Set(
  (
    'ar at au be bg br by ca ch ci cn cz de dk ee es fi fr ge gg gi gr hr hu ie im it je jp lt lu ' +
    'lv mc md mt mx na nf nl no nz pl pm pt ro rs ru se si sj sk sm ua us vn za'
  ).split(' '),
);

/**
 * A country the library knows, used only to check the syntax (and get the canonical form) of a
 * value with `PH`/`SH` when the place's own country has no holidays there; never to evaluate.
 */
const SYNTAX_COUNTRY = 'pt';

const CONF: optional_conf = {
  mode: undefined,
  tag_key: 'opening_hours',
  map_value: undefined,
  warnings_severity: undefined,
  locale: 'en',
};

const DAYS_AHEAD = 7;
const MESSAGE_MAX = 160;

/** A Date whose runtime-local fields are `wall` (what the library reads through local getters). */
export function runtimeDateOf(wall: WallClock): Date {
  return new Date(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
}

/** The runtime-local fields of `date`: the inverse of {@link runtimeDateOf}. */
export function wallClockOfRuntimeDate(date: Date): WallClock {
  return {
    year: date.getFullYear(),
    month: date.getMonth() + 1,
    day: date.getDate(),
    hour: date.getHours(),
    minute: date.getMinutes(),
    second: date.getSeconds(),
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const dateOf = (wall: WallClock) => `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}`;
const timeOf = (wall: WallClock) => `${pad(wall.hour)}:${pad(wall.minute)}`;

/** Runtime-local midnight `days` after the local date of `date`. */
function localMidnight(date: Date, days: number): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
}

// ---------------------------------------------------------------------------------------------
// Parsing, public holidays

type Parsed = { ok: true; hours: OpeningHours } | { ok: false };

const parsedCache = new Map<string, Parsed>();
const CACHE_MAX = 500;

function holidayCountryOf(countryCode: string | undefined): string | null {
  const code = countryCode?.trim().toLowerCase() ?? '';
  return HOLIDAY_COUNTRIES.has(code) ? code : null;
}

function nominatimOf(country: string): nominatim_object {
  // lat/lon only matter for sunrise/sunset, which the library reads from strings: numbers leave
  // its default. An empty state selects the country-wide holidays.
  return { lat: 0, lon: 0, address: { country_code: country, state: '' } };
}

/** Where the comment (quoted text) of a canonical rule starts, or its length when it has none. */
function commentStart(rule: string): number {
  const quote = rule.indexOf('"');
  return quote === -1 ? rule.length : quote;
}

/** Splits a canonical value (as `prettifyValue` gives it) into rules, each with the separator before. */
function splitRules(value: string): { separator: string; text: string }[] {
  const rules: { separator: string; text: string }[] = [];
  let separator = '';
  let start = 0;
  let quoted = false;
  for (let i = 0; i < value.length; i += 1) {
    if (value[i] === '"') quoted = !quoted;
    if (quoted) continue;
    const next = ['; ', ', ', ' || '].find((candidate) => value.startsWith(candidate, i));
    if (next === undefined) continue;
    rules.push({ separator, text: value.slice(start, i) });
    separator = next;
    start = i + next.length;
    i += next.length - 1;
  }
  rules.push({ separator, text: value.slice(start) });
  return rules;
}

const HOLIDAY_SELECTOR = /(?<![A-Za-z])PH(?: [+-]\d+ days?)?(?![A-Za-z])/;

/** The rule with public holidays taken out of its day selectors; null when only they selected it. */
function ruleWithoutHolidays(rule: string): string | null {
  const end = commentStart(rule);
  let head = rule.slice(0, end);
  for (let match = HOLIDAY_SELECTOR.exec(head); match; match = HOLIDAY_SELECTOR.exec(head)) {
    const from = match.index;
    const to = from + match[0].length;
    if (head[from - 1] === ',') head = head.slice(0, from - 1) + head.slice(to);
    else if (head[to] === ',') head = head.slice(0, from) + head.slice(to + 1);
    else return null;
  }
  return head + rule.slice(end);
}

/**
 * A canonical value with public holidays falling on no day: `PH` taken out of day lists, rules
 * that apply on public holidays only dropped ("off" when nothing is left). Each kept rule keeps
 * the separator before it (which says how it combines with what precedes it).
 */
export function withoutPublicHolidays(canonical: string): string {
  const kept: string[] = [];
  for (const { separator, text } of splitRules(canonical)) {
    const rule = ruleWithoutHolidays(text);
    if (rule !== null) kept.push(kept.length === 0 ? rule : separator + rule);
  }
  return kept.length === 0 ? 'off' : kept.join('');
}

function construct(value: string, country: string | null): OpeningHours {
  return new OpeningHours(value, country === null ? undefined : nominatimOf(country), CONF);
}

/** The library's object for `value`, holidays handled as the module comment says; throws its error. */
function build(value: string, countryCode: string | undefined): OpeningHours {
  const country = holidayCountryOf(countryCode);
  if (country !== null) {
    try {
      return construct(value, country);
    } catch {
      // A syntax error fails again below; holidays this library version lacks are then ignored.
    }
  }
  try {
    return construct(value, null);
  } catch (noCountry) {
    // PH or SH without a country. Check the syntax with a stand-in country, then drop PH.
    const canonical = construct(value, SYNTAX_COUNTRY).prettifyValue();
    const stripped = withoutPublicHolidays(canonical);
    if (stripped === canonical) throw noCountry;
    return construct(stripped, null);
  }
}

function parse(value: string, countryCode: string | undefined): Parsed {
  const key = `${countryCode?.trim().toLowerCase() ?? ''}\u0000${value}`;
  const cached = parsedCache.get(key);
  if (cached) return cached;
  let parsed: Parsed;
  try {
    parsed = { ok: true, hours: build(value, countryCode) };
  } catch {
    parsed = { ok: false };
  }
  if (parsedCache.size >= CACHE_MAX) {
    const oldest = parsedCache.keys().next();
    if (!oldest.done) parsedCache.delete(oldest.value);
  }
  parsedCache.set(key, parsed);
  return parsed;
}

/** The library's error (a string like `Mo-Fr 25:00-99 <--- (Time range …)`) as one short line. */
function describeError(error: unknown): string {
  const raw = typeof error === 'string' ? error : error instanceof Error ? error.message : String(error);
  const text = raw.replace(/\s+/g, ' ').trim();
  const prefix = 'Opening hours do not parse: ';
  const marker = text.lastIndexOf(' <--- (');
  let reason = text;
  let where = '';
  if (marker !== -1) {
    reason = text.slice(marker + ' <--- ('.length).replace(/\)$/, '');
    const before = text.slice(0, marker);
    const context = before.length > 20 ? `…${before.slice(-20)}` : before;
    if (context !== '') where = ` (at "${context}")`;
  }
  const budget = MESSAGE_MAX - prefix.length - where.length;
  if (reason.length > budget) reason = `${reason.slice(0, budget - 1).trimEnd()}…`;
  return `${prefix}${reason}${where}`;
}

/**
 * Whether an OSM `opening_hours` value parses (for validating data and API input). It is about the
 * syntax: a well-formed `PH` or `SH` rule is ok whatever holidays the library has for the country.
 */
export function checkOpeningHours(
  value: string,
  countryCode?: string,
): { ok: true } | { ok: false; message: string } {
  if (value.trim() === '') return { ok: false, message: 'Opening hours are empty.' };
  if (parse(value, countryCode).ok) return { ok: true };
  // Well-formed but needing holidays the place's country lacks (SH, say): still ok.
  try {
    construct(value, SYNTAX_COUNTRY);
    return { ok: true };
  } catch (error) {
    return { ok: false, message: describeError(error) };
  }
}

function hasNoOpeningOn(hours: OpeningHours, day: Date): boolean {
  return hours.getOpenIntervals(localMidnight(day, 0), localMidnight(day, 1)).length === 0;
}

/**
 * The state of a place at the instant `at`, `value` read in the place's IANA zone `timeZone`
 * (whatever the runtime's zone), its public holidays those of `countryCode` (ISO 3166-1 alpha-2)
 * where the library knows them. Never throws: a value or zone that cannot be evaluated gives
 * `{ status: 'unknown' }`. Changes are looked for up to 7 days ahead.
 */
export function openingStateAt(
  value: string,
  at: Date,
  timeZone: string,
  countryCode?: string,
): OpeningState {
  try {
    const parsed = parse(value, countryCode);
    if (!parsed.ok) return { status: 'unknown' };
    const hours = parsed.hours;
    const wall = wallClockAt(at, timeZone);
    const now = runtimeDateOf(wall);
    const limit = new Date(now);
    limit.setDate(limit.getDate() + DAYS_AHEAD);
    if (hours.getUnknown(now)) return { status: 'unknown' };
    const iterator = hours.getIterator(now);
    if (hours.getState(now)) {
      while (iterator.advance(limit)) {
        if (iterator.getState()) continue;
        const end = wallClockOfRuntimeDate(iterator.getDate());
        const closing = { status: 'open' as const, closesAt: timeOf(end), closesOn: dateOf(end) };
        return iterator.getUnknown() ? { ...closing, unknownSoon: true } : closing;
      }
      return { status: 'open', closesAt: null, closesOn: null };
    }
    let opensAt: string | null = null;
    let opensOn: string | null = null;
    while (iterator.advance(limit)) {
      if (!iterator.getState()) continue;
      const start = wallClockOfRuntimeDate(iterator.getDate());
      opensAt = timeOf(start);
      opensOn = dateOf(start);
      break;
    }
    return { status: 'closed', opensAt, opensOn, closedAllDay: hasNoOpeningOn(hours, now) };
  } catch {
    return { status: 'unknown' };
  }
}

/**
 * The weekdays (0 = Sunday … 6 = Saturday, ascending) with no opening, nor possible opening, at
 * all in the 7 local days of the place from the local date of `from` ("Closed on Mondays"). A
 * public holiday in those days counts for its weekday. An unusable value or zone gives [].
 */
export function weeklyClosedDays(
  value: string,
  timeZone: string,
  from: Date,
  countryCode?: string,
): number[] {
  try {
    const parsed = parse(value, countryCode);
    if (!parsed.ok) return [];
    const first = runtimeDateOf(wallClockAt(from, timeZone));
    const closed: number[] = [];
    for (let offset = 0; offset < DAYS_AHEAD; offset += 1) {
      const day = localMidnight(first, offset);
      if (hasNoOpeningOn(parsed.hours, day)) closed.push(day.getDay());
    }
    return closed.sort((a, b) => a - b);
  } catch {
    return [];
  }
}

/** A stretch of a local day a place is open: minutes since the local midnight, `to` up to 1440. */
export interface OpenWindow {
  from: number;
  to: number;
  /** The library cannot say whether it is open then ("unknown" rules, comments): no warning. */
  unknown: boolean;
}

const windowsCache = new Map<string, OpenWindow[] | null>();
const WINDOWS_CACHE_MAX = 2_000;

function windowsOf(hours: OpeningHours, date: string): OpenWindow[] {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const midnight = new Date(year, month - 1, day);
  const windows: OpenWindow[] = [];
  for (const [start, end, unknown] of hours.getOpenIntervals(midnight, localMidnight(midnight, 1))) {
    const from =
      dateOf(wallClockOfRuntimeDate(start)) === date ? start.getHours() * 60 + start.getMinutes() : 0;
    const to = dateOf(wallClockOfRuntimeDate(end)) === date ? end.getHours() * 60 + end.getMinutes() : 1440;
    const last = windows.at(-1);
    // Adjacent stretches of the same kind are one ("10:00-12:00,12:00-14:00" is open 10 to 14).
    if (last && last.to === from && last.unknown === unknown) last.to = to;
    else if (to > from) windows.push({ from, to, unknown });
  }
  return windows;
}

/**
 * The stretches of the local date `date` ('YYYY-MM-DD') on which `value` is open, in the place's
 * own wall-clock minutes (no zone is needed: the value is local time). An hour that ran past the
 * previous midnight starts at 0, one that runs past the next midnight ends at 1440. [] on a day
 * without any opening; null when the value cannot be evaluated. Kept per value and date: the
 * optimiser asks for the same stop's day thousands of times.
 */
export function openWindowsOn(value: string, date: string, countryCode?: string): OpenWindow[] | null {
  const key = `${countryCode?.trim().toLowerCase() ?? ''}\u0000${date}\u0000${value}`;
  const cached = windowsCache.get(key);
  if (cached !== undefined) return cached;
  let windows: OpenWindow[] | null;
  try {
    const parsed = parse(value, countryCode);
    windows = parsed.ok && /^\d{4}-\d{2}-\d{2}$/.test(date) ? windowsOf(parsed.hours, date) : null;
  } catch {
    windows = null;
  }
  if (windowsCache.size >= WINDOWS_CACHE_MAX) {
    const oldest = windowsCache.keys().next();
    if (!oldest.done) windowsCache.delete(oldest.value);
  }
  windowsCache.set(key, windows);
  return windows;
}

import type { FeatureFacts, PriceLevel } from '@tripcrew/contracts/features';
import { checkOpeningHours } from '@tripcrew/contracts/opening-hours';
import type { Tags } from './features-import-tags.ts';

/**
 * The facts the importer keeps of OpenStreetMap's tags: `opening_hours` (only when it parses, with
 * the month it was checked: its `check_date:opening_hours` or `check_date`, else the import's),
 * `website`, `phone` (or their `contact:` forms), `cuisine`, `wikidata`, and `fee`/`charge` as a
 * price: `fee=no` is free, a `charge` such as "12 EUR" or "EUR 12.50" an adult's ticket. Null when
 * the tags hold none of them.
 */
export function factsOfTags(
  tags: Tags,
  osmKey: string,
  importMonth: string,
  countryCode?: string,
): FeatureFacts {
  const hours =
    tags.opening_hours && checkOpeningHours(tags.opening_hours, countryCode).ok ? tags.opening_hours : null;
  const checked = (tags['check_date:opening_hours'] ?? tags.check_date ?? '').match(
    /^(\d{4}-\d{2})(-\d{2})?$/,
  )?.[1];
  const website = tags.website ?? tags['contact:website'] ?? null;
  const ticketPrice = chargeOf(tags.charge);
  return {
    hours,
    hoursChecked: hours ? { month: checked ?? importMonth, source: 'OpenStreetMap' } : null,
    durationMinutes: null,
    priceLevel: priceLevelOf(tags.fee, ticketPrice),
    ticketPrice,
    website: website && /^https?:\/\/\S+$/i.test(website) ? website : null,
    phone: tags.phone ?? tags['contact:phone'] ?? null,
    cuisine: tags.cuisine ?? null,
    osmId: osmIdOf(osmKey),
    wikidataId: tags.wikidata && /^Q\d+$/.test(tags.wikidata) ? tags.wikidata : null,
  };
}

/** 'node/123' of the importer's key 'osm-node-123'. */
const osmIdOf = (key: string): string | null => {
  const match = /^osm-(node|way|relation)-(\d+)$/.exec(key);
  return match ? `${match[1]}/${match[2]}` : null;
};

/** "12 EUR", "EUR 12.50", "12,50 EUR": an amount and an ISO 4217 code; anything else is left out. */
function chargeOf(charge: string | undefined): FeatureFacts['ticketPrice'] {
  const text = charge?.trim() ?? '';
  const after = text.match(/^(\d+(?:[.,]\d{1,2})?)\s*([A-Z]{3})$/);
  const before = text.match(/^([A-Z]{3})\s*(\d+(?:[.,]\d{1,2})?)$/);
  const [amount, currency] = after ? [after[1], after[2]] : before ? [before[2], before[1]] : [];
  return amount && currency ? { amount: Number(amount.replace(',', '.')), currency } : null;
}

/** `fee=no` (or a charge of 0) is free; other prices are not guessed from a single ticket. */
function priceLevelOf(fee: string | undefined, ticket: FeatureFacts['ticketPrice']): PriceLevel | null {
  if (fee === 'no' || ticket?.amount === 0) return 'free';
  return null;
}

import type { PlaceRow } from '../../places/index.ts';
import type { FeatureInput } from '../core/features.repository.ts';

/**
 * The features importer's reading of OpenStreetMap tags (DATA-09): which of our categories and
 * model a feature gets, and the address and description made from its tags.
 */

type FeatureModel = FeatureInput['model'];
export type Tags = Record<string, string>;

export interface Mapping {
  categories: string[];
  model: FeatureModel;
  /** What it is, for a generated description ('art museum', 'viewpoint'). */
  kind: string;
}

interface Rule {
  test: (tags: Tags) => boolean;
  map: (tags: Tags) => Mapping;
}

const is =
  (key: string, ...values: string[]) =>
  (tags: Tags) =>
    tags[key] !== undefined && (values.length === 0 || values.includes(tags[key]));
const fixed =
  (categories: string[], kind: string, model: FeatureModel = 'places') =>
  () => ({
    categories,
    kind,
    model,
  });
const words = (value: string) => value.replace(/[_;]+/g, ' ').trim();

/**
 * OpenStreetMap tags → our taxonomy (modules/categories/categories.data.ts), most specific first.
 * Every matching rule adds its categories; the first one gives the model and the kind.
 */
const RULES: Rule[] = [
  {
    test: is('amenity', 'food_court'),
    map: fixed(['food and drink', 'food markets'], 'food hall', 'restaurants'),
  },
  {
    test: is('amenity', 'marketplace'),
    map: fixed(['shopping', 'markets and bazaars'], 'market', 'shops'),
  },
  {
    test: is('tourism', 'museum'),
    map: (t) => {
      const kind = t.museum ?? '';
      if (kind === 'art')
        return { categories: ['museums and culture', 'art museums'], kind: 'art museum', model: 'places' };
      if (kind === 'science' || kind === 'technology')
        return {
          categories: ['museums and culture', 'science museums'],
          kind: 'science museum',
          model: 'places',
        };
      if (kind === 'children')
        return { categories: ['family', 'interactive museums'], kind: "children's museum", model: 'places' };
      return { categories: ['museums and culture', 'history museums'], kind: 'museum', model: 'places' };
    },
  },
  { test: is('tourism', 'gallery'), map: fixed(['museums and culture', 'galleries'], 'gallery') },
  { test: is('tourism', 'zoo'), map: fixed(['family', 'zoos and aquariums'], 'zoo') },
  { test: is('tourism', 'aquarium'), map: fixed(['family', 'zoos and aquariums'], 'aquarium') },
  { test: is('tourism', 'theme_park'), map: fixed(['family', 'theme parks'], 'theme park') },
  { test: is('amenity', 'theatre'), map: fixed(['museums and culture', 'theatres'], 'theatre') },
  {
    test: is('amenity', 'concert_hall'),
    map: fixed(['museums and culture', 'music venues'], 'concert hall'),
  },
  { test: is('leisure', 'stadium'), map: fixed(['sport and adventure', 'stadiums'], 'stadium') },
  {
    test: (t) => t.amenity === 'spa' || t.leisure === 'spa',
    map: fixed(['wellness', 'spas'], 'spa'),
  },
  { test: is('tourism', 'viewpoint'), map: fixed(['sights', 'viewpoints'], 'viewpoint') },
  {
    test: is('amenity', 'place_of_worship'),
    map: (t) => ({
      categories: ['sights', 'religious sites'],
      kind:
        t.building === 'cathedral' ? 'cathedral' : t.building === 'church' ? 'church' : 'place of worship',
      model: 'places',
    }),
  },
  {
    test: is('historic'),
    map: (t) => {
      const value = t.historic ?? '';
      const monument = ['monument', 'memorial', 'statue'].includes(value);
      return {
        categories: ['sights', monument ? 'monuments' : 'historic sites'],
        kind: value === 'yes' || value === '' ? 'historic site' : words(value),
        model: 'places',
      };
    },
  },
  { test: is('tourism', 'attraction'), map: fixed(['sights', 'landmarks'], 'sight') },
  {
    test: is('amenity', 'restaurant'),
    map: fixed(['food and drink', 'restaurants'], 'restaurant', 'restaurants'),
  },
  {
    test: is('amenity', 'fast_food'),
    map: fixed(['food and drink', 'street food'], 'snack bar', 'restaurants'),
  },
  {
    test: is('amenity', 'cafe', 'ice_cream'),
    map: (t) => ({
      categories: ['food and drink', 'cafes'],
      kind: t.amenity === 'ice_cream' ? 'ice-cream parlour' : 'café',
      model: 'restaurants',
    }),
  },
  {
    test: is('amenity', 'bar', 'pub'),
    map: (t) => ({
      categories: ['nightlife', 'bars'],
      kind: t.amenity === 'pub' ? 'pub' : 'bar',
      model: 'restaurants',
    }),
  },
  { test: is('amenity', 'nightclub'), map: fixed(['nightlife', 'clubs'], 'club') },
  { test: is('leisure', 'park'), map: fixed(['nature and outdoors', 'parks'], 'park') },
  { test: is('leisure', 'garden'), map: fixed(['nature and outdoors', 'gardens'], 'garden') },
  { test: is('natural', 'beach'), map: fixed(['nature and outdoors', 'beaches'], 'beach') },
  {
    test: is('shop'),
    map: (t) => {
      const shop = t.shop ?? '';
      if (shop === 'mall' || shop === 'department_store')
        return { categories: ['shopping', 'malls'], kind: words(shop), model: 'shops' };
      if (['art', 'craft', 'crafts', 'pottery'].includes(shop))
        return { categories: ['shopping', 'local crafts'], kind: 'craft shop', model: 'shops' };
      const kind = shop === 'yes' ? 'shop' : shop === 'books' ? 'bookshop' : `${words(shop)} shop`;
      return { categories: ['shopping'], kind, model: 'shops' };
    },
  },
];

/** Our categories, model and kind for a set of OSM tags; undefined when no rule knows them. */
export function mapTags(tags: Tags): Mapping | undefined {
  const matches = RULES.filter((r) => r.test(tags)).map((r) => r.map(tags));
  const [first] = matches;
  if (!first) return undefined;
  return { ...first, categories: [...new Set(matches.flatMap((m) => m.categories))] };
}

/** Every category name the rules can produce (for checking them against the taxonomy). */
export function mappedCategoryNames(): string[] {
  const samples: Tags[] = [
    { tourism: 'museum', museum: 'art' },
    { tourism: 'museum', museum: 'science' },
    { tourism: 'museum', museum: 'children' },
    { tourism: 'museum' },
    { shop: 'mall' },
    { shop: 'craft' },
    { shop: 'books' },
    { historic: 'monument' },
    { historic: 'castle' },
    { amenity: 'cafe' },
    { amenity: 'pub' },
    { amenity: 'place_of_worship' },
  ];
  const all = RULES.flatMap((r) => [r.map({}), ...samples.filter(r.test).map(r.map)]);
  return [...new Set(all.flatMap((m) => m.categories))].sort();
}

/** OSM tags of a feature: its properties (flat, overpass-turbo style) merged with a nested `tags` object. */
export function tagsOf(properties: Record<string, unknown>): Tags {
  const tags: Tags = {};
  const nested = properties.tags;
  const sources = [
    properties,
    nested && typeof nested === 'object' ? (nested as Record<string, unknown>) : {},
  ];
  for (const source of sources) {
    for (const [k, v] of Object.entries(source)) {
      if (typeof v === 'string' && v.trim() !== '') tags[k] = v.trim();
      else if (typeof v === 'number') tags[k] = String(v);
    }
  }
  return tags;
}

/** `Street 12, 1200-094 City` from addr:* tags, omitting what is missing. */
export function addressOf(tags: Tags, place: Pick<PlaceRow, 'type' | 'title'>): string {
  const street = [tags['addr:street'] ?? tags['addr:place'], tags['addr:housenumber']]
    .filter(Boolean)
    .join(' ');
  const city = tags['addr:city'] ?? (place.type === 'City' ? place.title : undefined);
  const town = [tags['addr:postcode'], city].filter(Boolean).join(' ');
  return [street, town].filter(Boolean).join(', ');
}

/** The feature's own description tag, or one sentence saying what and where it is. */
export function describeFeature(kind: string, tags: Tags, place: Pick<PlaceRow, 'title'>): string {
  if (tags.description) return tags.description;
  const article = /^[aeiou]/i.test(kind) ? 'An' : 'A';
  const street = tags['addr:street'];
  return street
    ? `${article} ${kind} on ${street} in ${place.title}.`
    : `${article} ${kind} in ${place.title}.`;
}

const IGNORED_TAGS =
  /^(@|id$|type$|tags$|name|addr:|description|source|wikidata|wikipedia|website|phone|opening_hours|check_date)/;

/** A few telling tags (`key=value`), for a rejected row's reason. */
export function describeTags(tags: Tags): string {
  const shown = Object.entries(tags)
    .filter(([k]) => !IGNORED_TAGS.test(k))
    .slice(0, 4)
    .map(([k, v]) => `${k}=${v}`);
  return shown.length > 0 ? shown.join(', ') : 'no tags';
}

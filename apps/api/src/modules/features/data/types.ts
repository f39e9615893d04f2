/**
 * The curated catalogue's seed format. Every feature is a real place: real name, real street
 * address and coordinates, a description in our own words. Category names are titles or
 * subcategory titles of the taxonomy in modules/categories/categories.data.ts.
 */
export type FeatureModel = 'places' | 'restaurants' | 'events' | 'shops' | 'hotels';

export interface FeatureSeed {
  /** Stable slug, unique across the catalogue, e.g. 'paris-eiffel-tower'. */
  key: string;
  title: string;
  /** Street address as locals write it, with postcode and city. */
  address: string;
  lat: number;
  lng: number;
  /** 1 to 3 sentences, our own words. */
  description: string;
  /** 1 = the place's most essential feature; unique within its place. */
  rank: number;
  categories: string[];
  model: FeatureModel;
}

export interface PlaceSeed {
  /** English title as travellers search it, e.g. 'Lisbon', 'Tuscany', 'Iceland'. */
  title: string;
  type: 'City' | 'Region' | 'Country';
  /** ISO 3166-1 alpha-2 country code, e.g. 'PT'. */
  countryCode: string;
  /** English country name, e.g. 'Portugal'. */
  country: string;
  /** The region/state/province the city lies in (English name), when there is one. */
  region?: string;
  /** One short sentence shown under the place title. */
  short: string;
  lat: number;
  lng: number;
}

export interface PlaceFeatures {
  place: PlaceSeed;
  features: FeatureSeed[];
}

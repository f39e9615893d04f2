import type { Place } from '@tripcrew/contracts/places';

/** A city as GET /core/places/place/{id} answers it (tests). */
export function makePlace(overrides: Partial<Place> = {}): Place {
  return {
    _id: 'p-munich',
    title: 'Munich',
    type: 'City',
    country: 'Germany',
    countryCode: 'DE',
    region: 'Bavaria',
    short: 'Beer gardens and baroque churches.',
    image: {
      original: '/images/munich.svg',
      photographer: 'Tripcrew Studio',
      id: 'img-42',
      source: 'unsplash',
    },
    coordinates: null,
    population: 1,
    featureCount: 25,
    ...overrides,
  };
}

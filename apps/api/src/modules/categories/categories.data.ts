/**
 * The category taxonomy: top-level categories with their subcategories. Feature seeds refer to
 * these by title (a top-level title or a subcategory title, exact spelling).
 */
export interface CategorySeed {
  title: string;
  /** One emoji. */
  icon: string;
  subcategories: string[];
}

export const categoryTaxonomy: CategorySeed[] = [
  {
    title: 'sights',
    icon: '🏛️',
    subcategories: [
      'landmarks',
      'monuments',
      'viewpoints',
      'historic sites',
      'religious sites',
      'architecture',
    ],
  },
  {
    title: 'museums and culture',
    icon: '🎨',
    subcategories: [
      'art museums',
      'history museums',
      'science museums',
      'galleries',
      'theatres',
      'music venues',
    ],
  },
  {
    title: 'nature and outdoors',
    icon: '🌳',
    subcategories: ['parks', 'gardens', 'beaches', 'mountains', 'lakes and rivers', 'hiking'],
  },
  {
    title: 'food and drink',
    icon: '🍽️',
    subcategories: ['restaurants', 'cafes', 'food markets', 'street food', 'wineries'],
  },
  {
    title: 'nightlife',
    icon: '🌙',
    subcategories: ['bars', 'clubs', 'live music'],
  },
  {
    title: 'shopping',
    icon: '🛍️',
    subcategories: ['markets and bazaars', 'shopping streets', 'malls', 'local crafts'],
  },
  {
    title: 'family',
    icon: '👨‍👩‍👧',
    subcategories: ['zoos and aquariums', 'theme parks', 'playgrounds', 'interactive museums'],
  },
  {
    title: 'sport and adventure',
    icon: '🧗',
    subcategories: ['stadiums', 'water sports', 'cycling', 'climbing'],
  },
  {
    title: 'wellness',
    icon: '🧖',
    subcategories: ['spas', 'hot springs', 'thermal baths', 'yoga'],
  },
];

/**
 * Curated trip suggestions. Each one points at a place of the curated catalogue by its title and
 * ISO 3166-1 alpha-2 country code.
 */
export interface SuggestionSeed {
  key: string;
  title: string;
  /** 1 to 2 sentences. */
  description: string;
  /** 2 to 10. */
  days: number;
  /** A string of 3 to 5 emoji. */
  icons: string;
  placeTitle: string;
  placeCountryCode: string;
}

export const suggestionSeeds: SuggestionSeed[] = [
  {
    key: 'paris-classic-4-days',
    title: '4 days of boulevards and bistros in Paris',
    description:
      "Climb the Eiffel Tower, spend a morning in the Louvre and an afternoon in the Musée d'Orsay, then wander Montmartre and the Marais between long bistro lunches.",
    days: 4,
    icons: '🗼🎨🥐🍷',
    placeTitle: 'Paris',
    placeCountryCode: 'FR',
  },
  {
    key: 'london-museums-and-markets-4-days',
    title: '4 days of free museums and markets in London',
    description:
      'Mix the British Museum, the National Gallery and Tate Modern with Borough Market, a Thames walk past the Tower and an evening in the West End.',
    days: 4,
    icons: '🏛️🎭🥧🚇',
    placeTitle: 'London',
    placeCountryCode: 'GB',
  },
  {
    key: 'rome-ancient-and-eternal-3-days',
    title: '3 days of ruins and pasta in Rome',
    description:
      "Walk through the Colosseum and the Forum, see the Vatican Museums and St Peter's, and end each day with carbonara in Trastevere.",
    days: 3,
    icons: '🏛️🍝⛲🛵',
    placeTitle: 'Rome',
    placeCountryCode: 'IT',
  },
  {
    key: 'barcelona-gaudi-and-beaches-4-days',
    title: '4 days of Gaudí and beaches in Barcelona',
    description:
      'Follow Gaudí from the Sagrada Família to Park Güell and Casa Batlló, graze through La Boqueria, and keep the afternoons for Barceloneta beach.',
    days: 4,
    icons: '⛪🏖️🥘🎨',
    placeTitle: 'Barcelona',
    placeCountryCode: 'ES',
  },
  {
    key: 'amsterdam-canals-and-masters-3-days',
    title: '3 days of canals and old masters in Amsterdam',
    description:
      'Cycle along the canal ring, see Rembrandt at the Rijksmuseum and sunflowers at the Van Gogh Museum, and book the Anne Frank House well ahead.',
    days: 3,
    icons: '🚲🖼️🌷🛶',
    placeTitle: 'Amsterdam',
    placeCountryCode: 'NL',
  },
  {
    key: 'istanbul-two-continents-4-days',
    title: '4 days between two continents in Istanbul',
    description:
      'See Hagia Sophia, the Blue Mosque and Topkapı Palace, get lost in the Grand Bazaar, and cross the Bosphorus by ferry to Kadıköy for dinner.',
    days: 4,
    icons: '🕌⛴️🧿☕',
    placeTitle: 'Istanbul',
    placeCountryCode: 'TR',
  },
  {
    key: 'tokyo-neon-and-temples-5-days',
    title: '5 days of neon and temples in Tokyo',
    description:
      'Balance Sensō-ji and Meiji Jingū with the Shibuya crossing, a morning at the Tsukiji outer market and an evening in the lanes of Shinjuku.',
    days: 5,
    icons: '🗼⛩️🍣🚅',
    placeTitle: 'Tokyo',
    placeCountryCode: 'JP',
  },
  {
    key: 'kyoto-shrines-and-gardens-3-days',
    title: '3 days of shrines and gardens in Kyoto',
    description:
      'Start early at Fushimi Inari, walk the bamboo grove of Arashiyama, and spend the evening in the wooden lanes of Gion after a stop at Nishiki Market.',
    days: 3,
    icons: '⛩️🎋🍵🏯',
    placeTitle: 'Kyoto',
    placeCountryCode: 'JP',
  },
  {
    key: 'new-york-first-timer-5-days',
    title: '5 days of skyline and museums in New York',
    description:
      'Walk Central Park and the Met, cross the Brooklyn Bridge, ride the ferry past the Statue of Liberty, and watch the city light up from a skyscraper deck.',
    days: 5,
    icons: '🗽🌆🥯🎭',
    placeTitle: 'New York',
    placeCountryCode: 'US',
  },
  {
    key: 'bali-temples-and-rice-terraces-7-days',
    title: 'A week of temples and rice terraces in Bali',
    description:
      'Base yourself in Ubud for the Tegallalang terraces and water temples, then head south for sunset at Uluwatu and a few lazy beach days.',
    days: 7,
    icons: '🌴🛕🌾🏄',
    placeTitle: 'Bali',
    placeCountryCode: 'ID',
  },
  {
    key: 'tuscany-hill-towns-and-wine-6-days',
    title: '6 days of hill towns and wine in Tuscany',
    description:
      "Combine Siena and San Gimignano with a drive through the Val d'Orcia and a wine tasting in Montepulciano or the Chianti hills.",
    days: 6,
    icons: '🍷🏰🌻🚗',
    placeTitle: 'Tuscany',
    placeCountryCode: 'IT',
  },
  {
    key: 'iceland-ring-of-fire-and-ice-8-days',
    title: '8 days of waterfalls and glaciers in Iceland',
    description:
      'Drive the Golden Circle, follow the south coast past Seljalandsfoss and Skógafoss to the Jökulsárlón lagoon, and finish with a soak in a geothermal pool.',
    days: 8,
    icons: '🌋🧊💧🚙',
    placeTitle: 'Iceland',
    placeCountryCode: 'IS',
  },
  {
    key: 'lisbon-tiles-and-trams-3-days',
    title: '3 days of tiles and trams in Lisbon',
    description:
      "Ride the old trams up to Alfama's viewpoints, spend a morning in Belém with a custard tart, and end the day with fado in a small tavern.",
    days: 3,
    icons: '🚋🥮🎶🌅',
    placeTitle: 'Lisbon',
    placeCountryCode: 'PT',
  },
  {
    key: 'marrakech-souks-and-gardens-3-days',
    title: '3 days of souks and gardens in Marrakech',
    description:
      'Lose yourself in the souks of the medina, rest in the Jardin Majorelle, and watch Jemaa el-Fnaa come alive with food stalls at dusk.',
    days: 3,
    icons: '🕌🧺🌵🍵',
    placeTitle: 'Marrakech',
    placeCountryCode: 'MA',
  },
  {
    key: 'budapest-baths-and-bridges-3-days',
    title: '3 days of baths and bridges in Budapest',
    description:
      'Soak in the Széchenyi and Gellért baths, walk up to Buda Castle for the view over Parliament, and spend an evening in the ruin bars of the old Jewish quarter.',
    days: 3,
    icons: '♨️🌉🏰🍷',
    placeTitle: 'Budapest',
    placeCountryCode: 'HU',
  },
  {
    key: 'athens-ancient-highlights-3-days',
    title: '3 days of ancient Athens',
    description:
      'Climb the Acropolis early, visit the Acropolis Museum and the Ancient Agora, and eat your way through Plaka and Monastiraki in the evenings.',
    days: 3,
    icons: '🏛️🫒🌅🍋',
    placeTitle: 'Athens',
    placeCountryCode: 'GR',
  },
  {
    key: 'amalfi-coast-lemons-and-cliffs-5-days',
    title: '5 days of lemons and cliffs on the Amalfi Coast',
    description:
      'Hop by ferry between Positano, Amalfi and Ravello, hike the Path of the Gods, and save a day for a boat trip along the coves.',
    days: 5,
    icons: '🍋⛵🌊🏘️',
    placeTitle: 'Amalfi Coast',
    placeCountryCode: 'IT',
  },
  {
    key: 'cape-town-mountain-and-sea-5-days',
    title: '5 days of mountain and sea in Cape Town',
    description:
      'Ride up Table Mountain, drive the Cape Peninsula to see the penguins at Boulders Beach, and spend a day in the Winelands.',
    days: 5,
    icons: '⛰️🐧🍷🌊',
    placeTitle: 'Cape Town',
    placeCountryCode: 'ZA',
  },
  {
    key: 'singapore-gardens-and-hawkers-3-days',
    title: '3 days of gardens and hawker food in Singapore',
    description:
      'See the Supertrees at Gardens by the Bay, spend a morning at the Botanic Gardens, and eat your way through the hawker centres of Chinatown.',
    days: 3,
    icons: '🌿🍜🌃🦁',
    placeTitle: 'Singapore',
    placeCountryCode: 'SG',
  },
  {
    key: 'scottish-highlands-road-trip-6-days',
    title: '6 days of lochs and glens in the Scottish Highlands',
    description:
      'Drive from Glencoe to Loch Ness and on to the Isle of Skye, stopping at castles, distilleries and short hill walks along the way.',
    days: 6,
    icons: '🏞️🏰🥃🚗',
    placeTitle: 'Scottish Highlands',
    placeCountryCode: 'GB',
  },
];

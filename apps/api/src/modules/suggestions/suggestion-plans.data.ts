/**
 * The ready-made plans of the home suggestions (decision 042): by suggestion key, the days in order,
 * each with a title, when it starts and its stops (curated feature keys) in visiting order.
 * `startDays` are the weekdays (0 = Sunday) a trip may start on with every stop open when the
 * group gets there (checked by features/core/catalogue-data.test.ts in two ordinary weeks).
 */
export interface PlanSeed {
  transport: 'public' | 'private';
  startDays: number[];
  days: Array<{ title: string; start?: string; stops: string[] }>;
}

export const suggestionPlans: Record<string, PlanSeed> = {
  'paris-classic-4-days': {
    transport: 'public',
    startDays: [0, 1, 2, 3, 4, 5],
    days: [
      {
        title: 'The islands and the Marais',
        start: '10:00',
        stops: [
          'paris-sainte-chapelle',
          'paris-notre-dame',
          'paris-las-du-fallafel',
          'paris-place-des-vosges',
          'paris-canal-saint-martin',
          'paris-pere-lachaise',
        ],
      },
      {
        title: 'Montmartre and Opéra',
        start: '10:00',
        stops: [
          'paris-sacre-coeur',
          'paris-place-du-tertre',
          'paris-bouillon-chartier',
          'paris-palais-garnier',
          'paris-galeries-lafayette',
        ],
      },
      {
        title: 'Eiffel Tower and Orsay',
        start: '09:00',
        stops: ['paris-trocadero', 'paris-eiffel-tower', 'paris-le-procope', 'paris-musee-dorsay'],
      },
      {
        title: 'Louvre and Tuileries',
        start: '09:00',
        stops: [
          'paris-louvre',
          'paris-angelina',
          'paris-jardin-des-tuileries',
          'paris-musee-de-lorangerie',
          'paris-champs-elysees',
          'paris-arc-de-triomphe',
        ],
      },
    ],
  },
  'london-museums-and-markets-4-days': {
    transport: 'public',
    startDays: [0, 1, 2, 3, 4, 5, 6],
    days: [
      {
        title: 'Westminster and the West End',
        start: '09:30',
        stops: [
          'london-churchill-war-rooms',
          'london-st-jamess-park',
          'london-fortnum-and-mason',
          'london-dishoom-covent-garden',
          'london-national-gallery',
          'london-trafalgar-square',
        ],
      },
      {
        title: 'The Tower and Borough Market',
        start: '09:30',
        stops: [
          'london-tower-bridge',
          'london-tower-of-london',
          'london-borough-market',
          'london-tate-modern',
        ],
      },
      {
        title: 'Bloomsbury and Camden',
        start: '10:00',
        stops: ['london-british-museum', 'london-camden-market', 'london-hampstead-heath'],
      },
      {
        title: 'South Kensington',
        start: '10:00',
        stops: ['london-natural-history-museum', 'london-churchill-arms', 'london-hyde-park'],
      },
    ],
  },
  'rome-ancient-and-eternal-3-days': {
    transport: 'public',
    startDays: [1, 2, 3, 4, 5, 6],
    days: [
      {
        title: 'Vatican and Trastevere',
        start: '08:00',
        stops: [
          'rome-vatican-museums',
          'rome-st-peters-basilica',
          'rome-gianicolo',
          'rome-santa-maria-in-trastevere',
        ],
      },
      {
        title: 'Colosseum and the Forum',
        start: '08:30',
        stops: [
          'rome-colosseum',
          'rome-roman-forum',
          'rome-mercato-centrale',
          'rome-santa-maria-maggiore',
          'rome-palazzo-massimo',
        ],
      },
      {
        title: 'Fountains and piazzas',
        start: '09:30',
        stops: [
          'rome-piazza-del-popolo',
          'rome-spanish-steps',
          'rome-trevi-fountain',
          'rome-giolitti',
          'rome-pantheon',
          'rome-piazza-navona',
          'rome-capitoline-museums',
        ],
      },
    ],
  },
  'barcelona-gaudi-and-beaches-4-days': {
    transport: 'public',
    startDays: [0, 1, 2, 3, 4, 5],
    days: [
      {
        title: 'Park Güell and Sagrada Família',
        start: '09:30',
        stops: [
          'barcelona-park-guell',
          'barcelona-sant-pau-recinte-modernista',
          'barcelona-sagrada-familia',
          'barcelona-platja-del-bogatell',
        ],
      },
      {
        title: 'Passeig de Gràcia and La Rambla',
        start: '09:00',
        stops: [
          'barcelona-casa-mila',
          'barcelona-casa-batllo',
          'barcelona-la-rambla',
          'barcelona-la-boqueria',
          'barcelona-placa-reial',
          'barcelona-barcelona-cathedral',
        ],
      },
      {
        title: 'Gothic Quarter and El Born',
        start: '10:00',
        stops: [
          'barcelona-palau-guell',
          'barcelona-palau-de-la-musica',
          'barcelona-els-quatre-gats',
          'barcelona-museu-picasso',
          'barcelona-santa-maria-del-mar',
          'barcelona-parc-de-la-ciutadella',
        ],
      },
      {
        title: 'Montjuïc and Barceloneta',
        start: '10:00',
        stops: [
          'barcelona-castell-de-montjuic',
          'barcelona-aquarium-barcelona',
          'barcelona-7-portes',
          'barcelona-barceloneta-beach',
        ],
      },
    ],
  },
  'amsterdam-canals-and-masters-3-days': {
    transport: 'public',
    startDays: [0, 1, 2, 3, 4, 5, 6],
    days: [
      {
        title: 'Museumplein',
        start: '09:00',
        stops: [
          'amsterdam-rijksmuseum',
          'amsterdam-foodhallen',
          'amsterdam-vondelpark',
          'amsterdam-van-gogh-museum',
        ],
      },
      {
        title: 'Jordaan and Noord',
        start: '09:45',
        stops: [
          'amsterdam-negen-straatjes',
          'amsterdam-anne-frank-house',
          'amsterdam-pancake-bakery',
          'amsterdam-adam-lookout',
          'amsterdam-eye-filmmuseum',
        ],
      },
      {
        title: 'Old Centre and canal ring',
        start: '10:15',
        stops: [
          'amsterdam-royal-palace',
          'amsterdam-begijnhof',
          'amsterdam-cafe-hoppe',
          'amsterdam-bloemenmarkt',
          'amsterdam-museum-van-loon',
          'amsterdam-magere-brug',
          'amsterdam-rembrandthuis',
        ],
      },
    ],
  },
  'istanbul-two-continents-4-days': {
    transport: 'public',
    startDays: [1, 2, 3, 4, 5, 6],
    days: [
      {
        title: 'Bazaars and Süleymaniye',
        start: '10:15',
        stops: [
          'istanbul-grand-bazaar',
          'istanbul-hamdi-restaurant',
          'istanbul-spice-bazaar',
          'istanbul-rustem-pasa-mosque',
          'istanbul-suleymaniye-mosque',
          'istanbul-vefa-bozacisi',
        ],
      },
      {
        title: 'Dolmabahçe and Beyoğlu',
        start: '09:00',
        stops: [
          'istanbul-dolmabahce-palace',
          'istanbul-taksim-square',
          'istanbul-istiklal-avenue',
          'istanbul-haci-abdullah',
          'istanbul-pera-museum',
          'istanbul-galata-tower',
        ],
      },
      {
        title: 'Topkapı and Hagia Sophia',
        start: '09:30',
        stops: [
          'istanbul-topkapi-palace',
          'istanbul-sultanahmet-koftecisi',
          'istanbul-basilica-cistern',
          'istanbul-hippodrome',
          'istanbul-blue-mosque',
          'istanbul-hagia-sophia',
        ],
      },
      {
        title: 'Golden Horn and Kadıköy',
        start: '10:00',
        stops: [
          'istanbul-pierre-loti-hill',
          'istanbul-balat',
          'istanbul-cemberlitas-hamami',
          'istanbul-hafiz-mustafa-sirkeci',
          'istanbul-bosphorus-ferry',
          'istanbul-ciya-sofrasi',
        ],
      },
    ],
  },
  'tokyo-neon-and-temples-5-days': {
    transport: 'public',
    startDays: [1, 2, 3, 4, 5, 6],
    days: [
      {
        title: 'Tsukiji to Tokyo Tower',
        start: '08:30',
        stops: [
          'tokyo-tsukiji-outer-market',
          'tokyo-hama-rikyu-gardens',
          'tokyo-zojo-ji',
          'tokyo-tokyo-tower',
          'tokyo-mori-art-museum',
        ],
      },
      {
        title: 'Ueno and Asakusa',
        start: '09:30',
        stops: ['tokyo-tokyo-national-museum', 'tokyo-ameyoko', 'tokyo-senso-ji', 'tokyo-tokyo-skytree'],
      },
      {
        title: 'Yanaka and Akihabara',
        start: '09:30',
        stops: [
          'tokyo-rikugien',
          'tokyo-yanaka-ginza',
          'tokyo-nezu-shrine',
          'tokyo-koishikawa-korakuen',
          'tokyo-kanda-myojin',
          'tokyo-akihabara',
          'tokyo-ramen-street',
        ],
      },
      {
        title: 'Harajuku to Shinjuku',
        start: '10:30',
        stops: [
          'tokyo-meiji-jingu',
          'tokyo-takeshita-street',
          'tokyo-tonkatsu-maisen-aoyama',
          'tokyo-omotesando',
          'tokyo-shibuya-crossing',
          'tokyo-shibuya-sky',
          'tokyo-omoide-yokocho',
        ],
      },
      {
        title: 'Ginza and Odaiba',
        start: '10:00',
        stops: [
          'tokyo-station-marunouchi',
          'tokyo-ginza',
          'tokyo-cafe-de-lambre',
          'tokyo-teamlab-planets',
          'tokyo-odaiba-seaside-park',
        ],
      },
    ],
  },
  'kyoto-shrines-and-gardens-3-days': {
    transport: 'public',
    startDays: [0, 1, 2, 3, 4, 5, 6],
    days: [
      {
        title: 'Fushimi Inari and Kiyomizu',
        start: '08:00',
        stops: [
          'kyoto-fushimi-inari-taisha',
          'kyoto-sanjusangen-do',
          'kyoto-kiyomizu-dera',
          'kyoto-sannenzaka-ninenzaka',
          'kyoto-kodai-ji',
          'kyoto-yasaka-shrine',
          'kyoto-saryo-tsujiri-gion',
        ],
      },
      {
        title: 'Arashiyama and Kinkaku-ji',
        start: '08:15',
        stops: [
          'kyoto-arashiyama-bamboo-grove',
          'kyoto-tenryu-ji',
          'kyoto-togetsukyo-bridge',
          'kyoto-ryoan-ji',
          'kyoto-kinkaku-ji',
          'kyoto-honke-owariya',
          'kyoto-nijo-castle',
        ],
      },
      {
        title: "Philosopher's Path to Gion",
        start: '08:30',
        stops: [
          'kyoto-ginkaku-ji',
          'kyoto-philosophers-path',
          'kyoto-nanzen-ji',
          'kyoto-heian-jingu',
          'kyoto-nishiki-market',
          'kyoto-gion-hanamikoji',
          'kyoto-pontocho',
        ],
      },
    ],
  },
  'new-york-first-timer-5-days': {
    transport: 'public',
    startDays: [0, 2, 3, 4, 5, 6],
    days: [
      {
        title: 'Lower Manhattan and Brooklyn Bridge',
        start: '09:00',
        stops: [
          'new-york-staten-island-ferry',
          'new-york-911-memorial',
          'new-york-brooklyn-bridge',
          'new-york-brooklyn-bridge-park',
          'new-york-juniors-restaurant',
        ],
      },
      {
        title: 'High Line and Chelsea',
        start: '10:00',
        stops: [
          'new-york-high-line',
          'new-york-chelsea-market',
          'new-york-little-island',
          'new-york-whitney-museum',
        ],
      },
      {
        title: 'The Met and Central Park',
        start: '10:00',
        stops: [
          'new-york-metropolitan-museum-of-art',
          'new-york-levain-bakery',
          'new-york-central-park',
          'new-york-roosevelt-island-tramway',
        ],
      },
      {
        title: 'Midtown',
        start: '10:30',
        stops: [
          'new-york-moma',
          'new-york-the-halal-guys',
          'new-york-st-patricks-cathedral',
          'new-york-grand-central-terminal',
          'new-york-public-library',
          'new-york-times-square',
          'new-york-empire-state-building',
        ],
      },
      {
        title: 'Lower East Side and the Village',
        start: '10:30',
        stops: [
          'new-york-tenement-museum',
          'new-york-katzs-delicatessen',
          'new-york-mcsorleys-old-ale-house',
          'new-york-washington-square-park',
          'new-york-joes-pizza',
        ],
      },
    ],
  },
  'bali-temples-and-rice-terraces-7-days': {
    transport: 'private',
    startDays: [0, 1, 2, 3, 4, 5, 6],
    days: [
      {
        title: 'Ubud',
        start: '08:00',
        stops: [
          'bali-campuhan-ridge-walk',
          'bali-neka-art-museum',
          'bali-ubud-palace',
          'bali-pura-taman-saraswati',
          'bali-bebek-bengil',
          'bali-ubud-monkey-forest',
          'bali-arma-museum',
        ],
      },
      {
        title: 'Tegallalang and water temples',
        start: '08:00',
        stops: [
          'bali-tegallalang-rice-terraces',
          'bali-gunung-kawi',
          'bali-tirta-empul',
          'bali-goa-gajah',
          'bali-tegenungan-waterfall',
          'bali-sukawati-art-market',
        ],
      },
      {
        title: 'East Bali',
        start: '08:00',
        stops: ['bali-besakih', 'bali-lempuyang', 'bali-tirta-gangga', 'bali-taman-ujung'],
      },
      {
        title: 'Lakes, terraces and Tanah Lot',
        start: '09:00',
        stops: ['bali-ulun-danu-bratan', 'bali-jatiluwih', 'bali-taman-ayun', 'bali-tanah-lot'],
      },
      {
        title: 'Uluwatu',
        start: '09:30',
        stops: ['bali-melasti-beach', 'bali-single-fin', 'bali-padang-padang-beach', 'bali-uluwatu-temple'],
      },
      {
        title: 'Nusa Dua and Jimbaran',
        start: '09:00',
        stops: ['bali-nusa-dua-beach', 'bali-garuda-wisnu-kencana', 'bali-jimbaran-beach', 'bali-rock-bar'],
      },
      {
        title: 'Kuta and Seminyak',
        start: '10:30',
        stops: ['bali-kuta-beach', 'bali-revolver-espresso', 'bali-potato-head'],
      },
    ],
  },
  'tuscany-hill-towns-and-wine-6-days': {
    transport: 'private',
    startDays: [0, 1, 2, 3, 4, 5, 6],
    days: [
      {
        title: 'San Galgano and Siena',
        start: '09:30',
        stops: [
          'tuscany-abbazia-di-san-galgano',
          'tuscany-piazza-del-campo',
          'tuscany-palazzo-pubblico-siena',
          'tuscany-pasticceria-nannini',
          'tuscany-siena-cathedral',
        ],
      },
      {
        title: 'Chianti hills',
        start: '10:00',
        stops: ['tuscany-greve-in-chianti', 'tuscany-radda-in-chianti', 'tuscany-monteriggioni'],
      },
      {
        title: 'San Gimignano and Volterra',
        start: '09:00',
        stops: ['tuscany-certaldo-alto', 'tuscany-san-gimignano', 'tuscany-volterra'],
      },
      {
        title: "Val d'Orcia",
        start: '10:00',
        stops: [
          'tuscany-montalcino',
          'tuscany-abbazia-di-sant-antimo',
          'tuscany-val-dorcia-bagno-vignoni',
          'tuscany-horti-leonini',
          'tuscany-pienza',
        ],
      },
      {
        title: 'Montepulciano wine',
        start: '10:00',
        stops: ['tuscany-san-biagio', 'tuscany-montepulciano', 'tuscany-bagni-san-filippo'],
      },
      {
        title: 'Cortona and Arezzo',
        start: '09:00',
        stops: ['tuscany-cortona', 'tuscany-piazza-grande-arezzo', 'tuscany-san-francesco-arezzo'],
      },
    ],
  },
  'iceland-ring-of-fire-and-ice-8-days': {
    transport: 'private',
    startDays: [0, 1, 2, 3, 4, 5, 6],
    days: [
      {
        title: 'Reykjavík',
        start: '10:00',
        stops: [
          'iceland-sun-voyager',
          'iceland-harpa',
          'iceland-old-harbour',
          'iceland-saegreifinn',
          'iceland-laugavegur',
          'iceland-hallgrimskirkja',
          'iceland-kaffi-loki',
        ],
      },
      {
        title: 'Golden Circle',
        start: '08:30',
        stops: [
          'iceland-thingvellir',
          'iceland-fridheimar',
          'iceland-geysir',
          'iceland-gullfoss',
          'iceland-kerid',
        ],
      },
      {
        title: 'South coast waterfalls',
        start: '09:00',
        stops: ['iceland-seljalandsfoss', 'iceland-skogafoss', 'iceland-dyrholaey', 'iceland-reynisfjara'],
      },
      {
        title: 'Canyon and Skaftafell',
        start: '09:00',
        stops: ['iceland-fjadrargljufur', 'iceland-skaftafell'],
      },
      {
        title: 'Jökulsárlón, drive west',
        start: '08:30',
        stops: ['iceland-jokulsarlon', 'iceland-secret-lagoon'],
      },
      {
        title: 'Snæfellsnes',
        start: '09:00',
        stops: ['iceland-hraunfossar', 'iceland-kirkjufell', 'iceland-arnarstapi'],
      },
      {
        title: 'Reykjavík museums',
        start: '09:30',
        stops: [
          'iceland-perlan',
          'iceland-tjornin',
          'iceland-baejarins-beztu-pylsur',
          'iceland-hafnarhus',
          'iceland-grandi-matholl',
        ],
      },
      {
        title: 'Blue Lagoon',
        start: '09:00',
        stops: ['iceland-braud-co', 'iceland-blue-lagoon'],
      },
    ],
  },
  'lisbon-tiles-and-trams-3-days': {
    transport: 'public',
    startDays: [2, 3, 4, 5, 6, 0],
    days: [
      {
        title: 'Belém and the tile museum',
        start: '09:30',
        stops: [
          'lisbon-belem-tower',
          'lisbon-padrao-dos-descobrimentos',
          'lisbon-jeronimos-monastery',
          'lisbon-pasteis-de-belem',
          'lisbon-azulejo-museum',
          'lisbon-panteao-nacional',
          'lisbon-miradouro-da-graca',
        ],
      },
      {
        title: 'Gulbenkian and Baixa',
        start: '10:00',
        stops: [
          'lisbon-gulbenkian-museum',
          'lisbon-parque-eduardo-vii',
          'lisbon-time-out-market',
          'lisbon-praca-do-comercio',
          'lisbon-rua-augusta',
          'lisbon-elevador-de-santa-justa',
          'lisbon-igreja-de-sao-roque',
        ],
      },
      {
        title: 'Alfama, tram 28 and fado',
        start: '09:25',
        stops: [
          'lisbon-sao-jorge-castle',
          'lisbon-alfama',
          'lisbon-casa-do-alentejo',
          'lisbon-tram-28',
          'lisbon-bairro-alto',
          'lisbon-cervejaria-trindade',
          'lisbon-tasca-do-chico',
        ],
      },
    ],
  },
  'marrakech-souks-and-gardens-3-days': {
    transport: 'public',
    startDays: [0, 1, 2, 3, 4, 5, 6],
    days: [
      {
        title: 'Souks and Jemaa el-Fnaa',
        start: '10:00',
        stops: [
          'marrakech-ben-youssef-madrasa',
          'marrakech-musee-de-marrakech',
          'marrakech-maison-de-la-photographie',
          'marrakech-le-jardin-secret',
          'marrakech-nomad',
          'marrakech-cafe-des-epices',
          'marrakech-jemaa-el-fnaa',
        ],
      },
      {
        title: 'Majorelle and gardens',
        start: '10:00',
        stops: [
          'marrakech-jardin-majorelle',
          'marrakech-avenue-mohammed-v',
          'marrakech-grand-cafe-de-la-poste',
          'marrakech-menara-gardens',
          'marrakech-cyber-parc',
          'marrakech-koutoubia-mosque',
        ],
      },
      {
        title: 'Palaces and the Kasbah',
        start: '09:00',
        stops: [
          'marrakech-bahia-palace',
          'marrakech-mellah',
          'marrakech-el-badi-palace',
          'marrakech-saadian-tombs',
          'marrakech-bab-agnaou',
          'marrakech-cafe-clock',
          'marrakech-les-bains-de-marrakech',
        ],
      },
    ],
  },
  'budapest-baths-and-bridges-3-days': {
    transport: 'public',
    startDays: [5, 6, 0, 1, 2, 3],
    days: [
      {
        title: 'Gellért Hill and Rudas',
        start: '09:00',
        stops: [
          'budapest-gellert-hill',
          'budapest-rudas-baths',
          'budapest-central-kavehaz',
          'budapest-vaci-utca',
          'budapest-danube-promenade',
          'budapest-gerbeaud',
          'budapest-chain-bridge',
        ],
      },
      {
        title: 'Széchenyi and Castle Hill',
        start: '09:00',
        stops: [
          'budapest-szechenyi-thermal-bath',
          'budapest-heroes-square',
          'budapest-andrassy-ut',
          'budapest-new-york-cafe',
          'budapest-castle-hill-funicular',
          'budapest-buda-castle',
          'budapest-fishermans-bastion',
        ],
      },
      {
        title: 'Parliament and Jewish Quarter',
        start: '10:30',
        stops: [
          'budapest-parliament',
          'budapest-shoes-on-the-danube-bank',
          'budapest-elso-pesti-reteshaz',
          'budapest-st-stephens-basilica',
          'budapest-dohany-street-synagogue',
          'budapest-mazel-tov',
          'budapest-szimpla-kert',
        ],
      },
    ],
  },
  'athens-ancient-highlights-3-days': {
    transport: 'public',
    startDays: [0, 1, 2, 3, 4, 5, 6],
    days: [
      {
        title: 'Acropolis and Agora',
        start: '08:00',
        stops: [
          'athens-acropolis',
          'athens-areopagus-hill',
          'athens-ancient-agora',
          'athens-o-thanasis',
          'athens-plaka',
          'athens-brettos',
        ],
      },
      {
        title: 'Museum and Olympian Zeus',
        start: '09:00',
        stops: [
          'athens-acropolis-museum',
          'athens-temple-of-olympian-zeus',
          'athens-national-garden',
          'athens-zonars',
          'athens-syntagma-changing-of-the-guard',
          'athens-ermou-street',
          'athens-psyrri',
        ],
      },
      {
        title: 'Kerameikos and museum',
        start: '10:00',
        stops: [
          'athens-kerameikos',
          'athens-hadrians-library',
          'athens-roman-agora',
          'athens-lukumades',
          'athens-national-archaeological-museum',
          'athens-lycabettus-hill',
          'athens-kolonaki',
        ],
      },
    ],
  },
  'amalfi-coast-lemons-and-cliffs-5-days': {
    transport: 'private',
    startDays: [0, 1, 2, 3, 4, 5, 6],
    days: [
      {
        title: 'Positano',
        start: '10:00',
        stops: [
          'amalfi-coast-positano',
          'amalfi-coast-chez-black',
          'amalfi-coast-spiaggia-di-fornillo',
          'amalfi-coast-santa-maria-assunta-positano',
        ],
      },
      {
        title: 'Path of the Gods',
        start: '08:30',
        stops: [
          'amalfi-coast-path-of-the-gods',
          'amalfi-coast-marina-di-praia',
          'amalfi-coast-fiordo-di-furore',
        ],
      },
      {
        title: 'Capri by boat',
        start: '09:30',
        stops: [
          'amalfi-coast-grotta-azzurra',
          'amalfi-coast-piazzetta-capri',
          'amalfi-coast-giardini-di-augusto',
          'amalfi-coast-piazza-tasso-sorrento',
        ],
      },
      {
        title: 'Amalfi and Atrani',
        start: '09:00',
        stops: [
          'amalfi-coast-grotta-dello-smeraldo',
          'amalfi-coast-conca-dei-marini',
          'amalfi-coast-amalfi-cathedral',
          'amalfi-coast-museo-della-carta',
          'amalfi-coast-pasticceria-pansa',
          'amalfi-coast-spiaggia-grande-amalfi',
          'amalfi-coast-atrani',
        ],
      },
      {
        title: 'Ravello and Minori',
        start: '09:00',
        stops: [
          'amalfi-coast-scala',
          'amalfi-coast-duomo-di-ravello',
          'amalfi-coast-villa-rufolo',
          'amalfi-coast-villa-cimbrone',
          'amalfi-coast-sal-de-riso',
          'amalfi-coast-villa-romana-minori',
          'amalfi-coast-sentiero-dei-limoni',
        ],
      },
    ],
  },
  'cape-town-mountain-and-sea-5-days': {
    transport: 'private',
    startDays: [0, 1, 2, 3, 4, 5, 6],
    days: [
      {
        title: 'Table Mountain and City Bowl',
        start: '08:30',
        stops: [
          'cape-town-table-mountain-cableway',
          'cape-town-companys-garden',
          'cape-town-iziko-south-african-museum',
          'cape-town-castle-of-good-hope',
          'cape-town-greenmarket-square',
          'cape-town-long-street',
        ],
      },
      {
        title: 'Robben Island and Waterfront',
        start: '09:00',
        stops: [
          'cape-town-robben-island',
          'cape-town-va-waterfront',
          'cape-town-sea-point-promenade',
          'cape-town-signal-hill',
        ],
      },
      {
        title: 'Cape Peninsula',
        start: '08:00',
        stops: [
          'cape-town-boulders-beach',
          'cape-town-cape-point',
          'cape-town-chapmans-peak-drive',
          'cape-town-hout-bay-harbour',
        ],
      },
      {
        title: 'Winelands',
        start: '10:00',
        stops: ['cape-town-groot-constantia', 'cape-town-stellenbosch'],
      },
      {
        title: 'Kirstenbosch and Camps Bay',
        start: '08:30',
        stops: [
          'cape-town-kirstenbosch',
          'cape-town-rhodes-memorial',
          'cape-town-camps-bay-beach',
          'cape-town-lions-head',
        ],
      },
    ],
  },
  'singapore-gardens-and-hawkers-3-days': {
    transport: 'public',
    startDays: [0, 1, 2, 3, 4, 5, 6],
    days: [
      {
        title: 'Botanic Gardens and museums',
        start: '08:30',
        stops: [
          'singapore-botanic-gardens',
          'singapore-orchard-road',
          'singapore-killiney-kopitiam',
          'singapore-national-museum',
          'singapore-peranakan-museum',
          'singapore-fort-canning-park',
          'singapore-clarke-quay',
        ],
      },
      {
        title: 'Chinatown and Kampong Glam',
        start: '10:15',
        stops: [
          'singapore-thian-hock-keng',
          'singapore-sri-mariamman-temple',
          'singapore-buddha-tooth-relic-temple',
          'singapore-chinatown-complex-food-centre',
          'singapore-maxwell-food-centre',
          'singapore-sultan-mosque',
          'singapore-haji-lane',
        ],
      },
      {
        title: 'Marina Bay and Supertrees',
        start: '10:00',
        stops: [
          'singapore-national-gallery',
          'singapore-lau-pa-sat',
          'singapore-merlion-park',
          'singapore-artscience-museum',
          'singapore-marina-bay-sands-skypark',
          'singapore-gardens-by-the-bay',
        ],
      },
    ],
  },
  'scottish-highlands-road-trip-6-days': {
    transport: 'private',
    startDays: [0, 1, 2, 3, 4, 5, 6],
    days: [
      {
        title: 'Inveraray and Oban',
        start: '10:00',
        stops: [
          'scottish-highlands-inveraray-castle',
          'scottish-highlands-oban-seafood-hut',
          'scottish-highlands-mccaigs-tower',
          'scottish-highlands-castle-stalker',
        ],
      },
      {
        title: 'Glencoe and Glenfinnan',
        start: '08:30',
        stops: [
          'scottish-highlands-glencoe',
          'scottish-highlands-steall-falls',
          'scottish-highlands-glenfinnan-viaduct',
        ],
      },
      {
        title: 'Loch Ness and Culloden',
        start: '09:30',
        stops: [
          'scottish-highlands-urquhart-castle',
          'scottish-highlands-ness-islands',
          'scottish-highlands-culloden-battlefield',
          'scottish-highlands-clava-cairns',
        ],
      },
      {
        title: 'Eilean Donan to Skye',
        start: '10:00',
        stops: [
          'scottish-highlands-eilean-donan-castle',
          'scottish-highlands-plockton',
          'scottish-highlands-portree',
        ],
      },
      {
        title: 'Trotternish ridge',
        start: '09:00',
        stops: ['scottish-highlands-old-man-of-storr', 'scottish-highlands-quiraing'],
      },
      {
        title: 'Fairy Pools and Neist Point',
        start: '09:00',
        stops: ['scottish-highlands-fairy-pools', 'scottish-highlands-neist-point'],
      },
    ],
  },
};

/**
 * Demo data: what `seed:demo` loads and what docs/operations.md lists. Addresses are real-looking, not real
 * businesses; an agency is named for its neighbourhood or street, as agencies in Morocco are ('l’agence Agdal'),
 * and its city is stored in French, the default language, and shown in the reader's (common/i18n/city-names.ts); the tellers sign in with a code sent to their e-mail (in development: GET /api/dev/outbox/).
 */
export const demoRates = { official: '10.85', freemium: '10.70', subscription: '10.80', fee: '0.016' } as const;

export interface DemoAgency {
  name: string;
  address: string;
  zip: string;
  city: string;
  lat: string;
  lon: string;
  phone: string;
  teller: { email: string; firstName: string; lastName: string };
}

// The tellers' sign-in e-mails keep the English city names the documentation and the tests sign in with.
const teller = (city: string, firstName: string, lastName: string) => ({
  email: `teller.${city.toLowerCase()}@example.com`,
  firstName,
  lastName,
});

export const demoAgencies: readonly DemoAgency[] = [
  {
    name: 'Mohammed V',
    address: '120 Boulevard Mohammed V',
    zip: '20250',
    city: 'Casablanca',
    lat: '33.594890',
    lon: '-7.618920',
    phone: '+212522201120',
    teller: teller('Casablanca', 'Youssef', 'Benali'),
  },
  {
    name: 'Agdal',
    address: '45 Avenue de France, Agdal',
    zip: '10090',
    city: 'Rabat',
    lat: '33.998810',
    lon: '-6.851530',
    phone: '+212537671045',
    teller: teller('Rabat', 'Salma', 'Alaoui'),
  },
  {
    name: 'Guéliz',
    address: '88 Avenue Mohammed V, Guéliz',
    zip: '40000',
    city: 'Marrakech',
    lat: '31.636420',
    lon: '-8.010450',
    phone: '+212524431088',
    teller: teller('Marrakech', 'Karim', 'Ouazzani'),
  },
  {
    name: 'Pasteur',
    address: '27 Boulevard Pasteur',
    zip: '90000',
    city: 'Tanger',
    lat: '35.777220',
    lon: '-5.806110',
    phone: '+212539941027',
    teller: teller('Tangier', 'Nadia', 'Tazi'),
  },
  {
    name: 'Talborjt',
    address: '14 Avenue Hassan II',
    zip: '80000',
    city: 'Agadir',
    lat: '30.421490',
    lon: '-9.594880',
    phone: '+212528842014',
    teller: teller('Agadir', 'Hassan', 'Amrani'),
  },
];

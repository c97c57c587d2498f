/**
 * Nationalities and countries as ISO 3166 alpha-2 codes, so a list's "Morocco" (UN), "MA" (EU) and "nationality
 * Morocco" (OFAC) meet a profile's country code. Only the countries the lists and the customers name most; anything
 * else is kept as the list's own words in lower case (still shown to the operator, just not compared).
 */
const names: Record<string, string> = {
  afghanistan: 'AF',
  algeria: 'DZ',
  bahrain: 'BH',
  belarus: 'BY',
  belgium: 'BE',
  'burkina faso': 'BF',
  chad: 'TD',
  china: 'CN',
  cuba: 'CU',
  egypt: 'EG',
  france: 'FR',
  germany: 'DE',
  iran: 'IR',
  'iran (islamic republic of)': 'IR',
  iraq: 'IQ',
  italy: 'IT',
  jordan: 'JO',
  kuwait: 'KW',
  lebanon: 'LB',
  libya: 'LY',
  mali: 'ML',
  mauritania: 'MR',
  morocco: 'MA',
  netherlands: 'NL',
  niger: 'NE',
  nigeria: 'NG',
  oman: 'OM',
  pakistan: 'PK',
  palestine: 'PS',
  portugal: 'PT',
  qatar: 'QA',
  russia: 'RU',
  'russian federation': 'RU',
  'saudi arabia': 'SA',
  senegal: 'SN',
  somalia: 'SO',
  spain: 'ES',
  sudan: 'SD',
  syria: 'SY',
  'syrian arab republic': 'SY',
  tunisia: 'TN',
  turkey: 'TR',
  türkiye: 'TR',
  ukraine: 'UA',
  'united arab emirates': 'AE',
  'united kingdom': 'GB',
  'united kingdom of great britain and northern ireland': 'GB',
  'united states': 'US',
  'united states of america': 'US',
  venezuela: 'VE',
  yemen: 'YE',
  "democratic people's republic of korea": 'KP',
  'korea, north': 'KP',
  'north korea': 'KP',
};

const codes = new Set(Object.values(names));

/** 'Morocco', 'MA', 'ma' -> 'MA'; an unknown name -> its trimmed lower-case words; empty -> null. */
export function countryCode(text: string | null | undefined): string | null {
  const t = (text ?? '').trim().replace(/\s+/g, ' ').replace(/\.$/, '');
  if (t === '') return null;
  if (/^[A-Za-z]{2}$/.test(t)) return t.toUpperCase();
  const lower = t.toLowerCase();
  return names[lower] ?? (codes.has(t.toUpperCase()) ? t.toUpperCase() : lower);
}

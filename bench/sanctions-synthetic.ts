/**
 * Deterministic synthetic names for the sanctions bench and the matcher's quality corpus: invented
 * listed persons (Arabic-origin given names with their usual Latin spellings and Arabic script, invented family
 * names, some Russian-style names), their names written differently (another transliteration, accents, word
 * order, a missing middle name, a typo, Arabic script), and ordinary Moroccan and European names that are not on
 * the list (common given names and family names, a pool disjoint from the listed families). No real listed person.
 */
import type { ListedEntry } from '../server/modules/sanctions/sanctions-matcher.ts';

/** mulberry32: the same sequence for the same seed on every machine. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rand = () => number;
const pick = <T>(r: Rand, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;

/** Given names: Latin spellings first, the Arabic script last. */
const arabicGiven: readonly (readonly string[])[] = [
  ['Mohammed', 'Mohamed', 'Muhammad', 'Mohammad', 'Muhamad', 'محمد'],
  ['Ahmed', 'Ahmad', 'Ahmet', 'أحمد'],
  ['Youssef', 'Yusuf', 'Youcef', 'Yousef', 'يوسف'],
  ['Hassan', 'Hasan', 'Hassane', 'حسن'],
  ['Hussein', 'Hussain', 'Houssine', 'Husayn', 'حسين'],
  ['Omar', 'Umar', 'Oumar', 'عمر'],
  ['Othman', 'Uthman', 'Osman', 'Outhmane', 'عثمان'],
  ['Khalid', 'Khaled', 'Khalide', 'خالد'],
  ['Rachid', 'Rashid', 'Rached', 'رشيد'],
  ['Mustapha', 'Mustafa', 'Moustafa', 'مصطفى'],
  ['Ibrahim', 'Brahim', 'Ebrahim', 'إبراهيم'],
  ['Ismail', 'Ismael', 'Smail', 'إسماعيل'],
  ['Yassine', 'Yacine', 'Yasin', 'ياسين'],
  ['Hamza', 'Hamzah', 'Hamzeh', 'حمزة'],
  ['Karim', 'Kareem', 'Karime', 'كريم'],
  ['Tarik', 'Tariq', 'Tarek', 'طارق'],
  ['Jamal', 'Djamel', 'Jamel', 'جمال'],
  ['Salah', 'Salâh', 'Salaah', 'صلاح'],
  ['Abdelkader', 'Abdul Qadir', 'Abd al-Qadir', 'Abdelkadir', 'عبد القادر'],
  ['Abderrahmane', 'Abdul Rahman', 'Abd al-Rahman', 'Abdelrahman', 'عبد الرحمن'],
  ['Abdallah', 'Abdullah', 'Abdellah', 'Abd Allah', 'عبد الله'],
  ['Abdelaziz', 'Abdul Aziz', 'Abd al-Aziz', 'Abdulaziz', 'عبد العزيز'],
  ['Abdelhamid', 'Abdul Hamid', 'Abd al-Hamid', 'Abdulhamid', 'عبد الحميد'],
  ['Noureddine', 'Nour Eddine', 'Nur al-Din', 'Nourdine', 'نور الدين'],
  ['Bilal', 'Belal', 'Bilel', 'بلال'],
  ['Zakaria', 'Zakariya', 'Zakariyya', 'Zakarya', 'زكرياء'],
  ['Idriss', 'Idris', 'Driss', 'إدريس'],
  ['Suleiman', 'Sulayman', 'Slimane', 'Soulaimane', 'سليمان'],
  ['Yahya', 'Yehia', 'Yahia', 'يحيى'],
  ['Walid', 'Oualid', 'Waleed', 'وليد'],
  ['Faisal', 'Fayçal', 'Faycal', 'Faysal', 'فيصل'],
  ['Saad', "Sa'd", 'Saâd', 'سعد'],
  ['Anouar', 'Anwar', 'Anour', 'أنور'],
  ['Jaafar', "Ja'far", 'Jafar', 'جعفر'],
  ['Mahmoud', 'Mahmud', 'Mahmood', 'محمود'],
  ['Salim', 'Selim', 'Saleem', 'سليم'],
  ['Fouad', 'Fuad', 'Fouaad', 'فؤاد'],
  ['Nabil', 'Nabeel', 'Nabile', 'نبيل'],
  ['Ayoub', 'Ayyub', 'Ayub', 'أيوب'],
  ['Zouhair', 'Zuhair', 'Zohair', 'زهير'],
];

/** Invented family names built from syllables, with a Latin and an Arabic rendering of each syllable. */
const familyStarts: readonly [string, string][] = [
  ['Qas', 'قص'],
  ['Zay', 'زي'],
  ['Tam', 'تم'],
  ['Khaz', 'خز'],
  ['Dar', 'در'],
  ['Far', 'فر'],
  ['Jab', 'جب'],
  ['Sham', 'شم'],
  ['Ghan', 'غن'],
  ['Naq', 'نق'],
  ['Harb', 'حرب'],
  ['Wad', 'ود'],
  ['Rab', 'رب'],
  ['Bakh', 'بخ'],
  ['Suq', 'سق'],
  ['Dhal', 'ذل'],
  ['Mus', 'مس'],
  ['Kaf', 'كف'],
  ['Lat', 'لت'],
  ['Tal', 'طل'],
  ['Hadr', 'حضر'],
  ['Qum', 'قم'],
  ['Zah', 'زه'],
  ['Shaq', 'شق'],
];
const familyMiddles: readonly [string, string][] = [
  ['ra', 'را'],
  ['ta', 'تا'],
  ['ba', 'با'],
  ['ma', 'ما'],
  ['la', 'لا'],
  ['na', 'نا'],
  ['ha', 'ها'],
  ['da', 'دا'],
  ['ja', 'جا'],
  ['sa', 'سا'],
  ['', ''],
];
const familyEnds: readonly [string, string][] = [
  ['wi', 'وي'],
  ['ni', 'ني'],
  ['ri', 'ري'],
  ['li', 'لي'],
  ['mi', 'مي'],
  ['di', 'دي'],
  ['si', 'سي'],
  ['bi', 'بي'],
  ['ti', 'تي'],
  ['zi', 'زي'],
];

const russianGiven = [
  'Arkady',
  'Dmitri',
  'Sergei',
  'Viktor',
  'Yevgeny',
  'Oleg',
  'Vladislav',
  'Gennady',
  'Pyotr',
  'Anatoly',
  'Boris',
  'Valery',
];
const russianPatronymic = [
  'Leonidovich',
  'Ivanovich',
  'Petrovich',
  'Sergeyevich',
  'Borisovich',
  'Olegovich',
  'Viktorovich',
];
const russianFamilyStarts = [
  'Grav',
  'Volk',
  'Zhar',
  'Kost',
  'Brod',
  'Lask',
  'Mirn',
  'Sed',
  'Tver',
  'Ural',
  'Yarn',
  'Plet',
];
const russianFamilyEnds = ['enkov', 'ovsky', 'itsyn', 'arev', 'unov', 'elkin', 'yakov', 'idze'];

export interface SyntheticPerson {
  entry: ListedEntry;
  /** The parts of the primary name, in Latin, each with its alternative spellings; Arabic script when all have one. */
  parts: { spellings: string[]; arabic: string | null; middle: boolean }[];
}

/** An invented family name; never one of the ordinary names' family names (the two pools stay disjoint). */
function arabicFamily(r: Rand): { latin: string; arabic: string } {
  for (;;) {
    const a = pick(r, familyStarts);
    const b = pick(r, familyMiddles);
    const c = pick(r, familyEnds);
    const latin = a[0] + b[0] + c[0];
    if (!ordinaryFamilyWords.has(latin.toLowerCase())) return { latin, arabic: a[1] + b[1] + c[1] };
  }
}

/** Latin respellings a list or a customer may use for an invented family name. */
function familySpellings(latin: string): string[] {
  const lower = latin.toLowerCase();
  const variants = new Set<string>([latin]);
  const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
  variants.add(cap(lower.replace(/wi$/, 'oui')));
  variants.add(cap(lower.replace(/q/g, 'k')));
  variants.add(cap(lower.replace(/a/, 'e')));
  variants.add(cap(lower.replace(/i$/, 'y')));
  variants.add(`Al-${latin}`);
  variants.add(`El ${latin}`);
  variants.add(cap(`el${lower}`));
  variants.add(cap(lower.replace(/sh/g, 'ch')));
  return [...variants];
}

/** `count` invented listed persons (about one in six Russian-style), deterministic for a seed. */
export function syntheticList(count: number, seed = 16): SyntheticPerson[] {
  const r = prng(seed);
  const people: SyntheticPerson[] = [];
  const seen = new Set<string>();
  while (people.length < count) {
    let parts: SyntheticPerson['parts'];
    let nationality: string;
    if (r() < 0.84) {
      const given = pick(r, arabicGiven);
      const father = pick(r, arabicGiven);
      const family = arabicFamily(r);
      const spellings = (g: readonly string[]) => g.slice(0, -1);
      parts = [
        { spellings: spellings(given), arabic: given[given.length - 1] ?? null, middle: false },
        ...(r() < 0.7
          ? [{ spellings: spellings(father), arabic: father[father.length - 1] ?? null, middle: true }]
          : []),
        { spellings: familySpellings(family.latin), arabic: `ال${family.arabic}`, middle: false },
      ];
      nationality = pick(r, ['LY', 'SY', 'IQ', 'YE', 'SD', 'DZ', 'ML', 'SO', 'AF', 'JO']);
    } else {
      const family = pick(r, russianFamilyStarts) + pick(r, russianFamilyEnds);
      parts = [
        { spellings: [pick(r, russianGiven)], arabic: null, middle: false },
        { spellings: [pick(r, russianPatronymic)], arabic: null, middle: true },
        { spellings: [family, family.replace(/v$/, 'ff').replace(/y/g, 'i')], arabic: null, middle: false },
      ];
      nationality = pick(r, ['RU', 'BY']);
    }
    const primary = parts.map((p) => p.spellings[0]).join(' ');
    if (seen.has(primary)) continue;
    seen.add(primary);
    const names = [primary];
    // Half the entries carry an alias in another spelling, as the lists do.
    if (r() < 0.5) names.push(parts.map((p) => pick(r, p.spellings)).join(' '));
    const year = 1950 + Math.floor(r() * 45);
    const n = people.length;
    people.push({
      parts,
      entry: {
        key: `synthetic:${n + 1}`,
        source: 'synthetic',
        externalId: String(n + 1),
        names: [...new Set(names)],
        birthDates: [r() < 0.5 ? String(year) : `${year}-0${1 + Math.floor(r() * 9)}-1${Math.floor(r() * 9)}`],
        nationalities: [nationality],
        programme: 'SYNTHETIC',
      },
    });
  }
  return people;
}

const accents: Record<string, string> = { e: 'é', a: 'â', i: 'ï', o: 'ô', u: 'û', c: 'ç' };

/** One typo in a word of five letters or more: a letter replaced, dropped, doubled or swapped with the next. */
function typo(r: Rand, word: string): string {
  if (word.length < 5) return word;
  const i = 1 + Math.floor(r() * (word.length - 2));
  const kind = Math.floor(r() * 4);
  if (kind === 0) return word.slice(0, i) + pick(r, [...'aeioukmnrst']) + word.slice(i + 1);
  if (kind === 1) return word.slice(0, i) + word.slice(i + 1);
  if (kind === 2) return word.slice(0, i) + (word[i] ?? '') + word.slice(i);
  return word.slice(0, i) + (word[i + 1] ?? '') + (word[i] ?? '') + word.slice(i + 2);
}

export type Variation = 'spelling' | 'accents' | 'order' | 'middle' | 'typo' | 'arabic' | 'case';

/**
 * The listed person's name written differently: another spelling of each part, then `extra` more variations
 * (accents, word order, the middle name left out, one typo, Arabic script, case). Never one of the entry's names.
 */
export function writtenDifferently(
  r: Rand,
  person: SyntheticPerson,
  extra: number,
): { name: string; variations: Variation[] } {
  const variations: Variation[] = ['spelling'];
  const canArabic = person.parts.every((p) => p.arabic !== null);
  const chosen = new Set<Variation>();
  const options: Variation[] = [
    'accents',
    'order',
    'middle',
    'typo',
    'case',
    ...(canArabic ? (['arabic'] as const) : []),
  ];
  while (chosen.size < extra) chosen.add(pick(r, options));
  let parts = person.parts;
  if (chosen.has('middle') && parts.some((p) => p.middle)) parts = parts.filter((p) => !p.middle);
  let words: string[];
  if (chosen.has('arabic')) words = parts.map((p) => p.arabic ?? '');
  else {
    words = parts.map((p) => {
      const others = p.spellings.length > 1 ? p.spellings.slice(1) : p.spellings;
      return pick(r, others);
    });
    if (chosen.has('accents')) words = words.map((w) => w.replace(/[eaiouc]/, (c) => accents[c] ?? c));
    if (chosen.has('typo')) {
      const i = Math.floor(r() * words.length);
      words[i] = typo(r, words[i] ?? '');
    }
    if (chosen.has('case')) words = words.map((w) => w.toUpperCase());
  }
  if (chosen.has('order')) words = [...words.slice(-1), ...words.slice(0, -1)];
  variations.push(...chosen);
  let name = words.join(' ');
  if (person.entry.names.includes(name)) name = `${name.split(' ').reverse().join(' ')}`;
  return { name, variations };
}

const moroccanGiven = [
  'Mohamed',
  'Fatima',
  'Youssef',
  'Khadija',
  'Ahmed',
  'Aicha',
  'Amine',
  'Salma',
  'Omar',
  'Sara',
  'Hamza',
  'Imane',
  'Mehdi',
  'Nadia',
  'Karim',
  'Meryem',
  'Yassine',
  'Houda',
  'Rachid',
  'Samira',
  'Said',
  'Latifa',
  'Abdelaziz',
  'Zineb',
  'Hicham',
  'Soukaina',
  'Mustapha',
  'Naima',
  'Anas',
  'Hanane',
  'Ayoub',
  'Asmae',
  'Khalid',
  'Loubna',
  'Adil',
  'Btissam',
  'Nabil',
  'Ghizlane',
  'Redouane',
  'Wafae',
  'Hassan',
  'Malika',
  'Brahim',
  'Rachida',
  'Jamal',
  'Laila',
  'Othmane',
  'Kawtar',
  'Ilyas',
  'Hajar',
  'Abdellah',
  'Siham',
  'Tarik',
  'Najat',
  'Driss',
  'Mounia',
  'Abdelkader',
  'Souad',
  'Younes',
  'Ikram',
  'Soufiane',
  'Chaimae',
  'Badr',
  'Oumaima',
  'Reda',
  'Hiba',
  'Ismail',
];
const moroccanFamily = [
  'Alaoui',
  'Bennani',
  'Tazi',
  'El Fassi',
  'El Idrissi',
  'Berrada',
  'Chraibi',
  'Lahlou',
  'Benjelloun',
  'Amrani',
  'Ouazzani',
  'Kettani',
  'Sqalli',
  'Benkirane',
  'Tahiri',
  'El Amrani',
  'Bouzidi',
  'Ait Ali',
  'Boukhari',
  'Hajji',
  'Mansouri',
  'Naciri',
  'Rami',
  'Saidi',
  'Ziani',
  'Zouaoui',
  'Cherkaoui',
  'Filali',
  'Hamdaoui',
  'Belhaj',
  'Benmoussa',
  'Bousfiha',
  'Daoudi',
  'Essaadi',
  'Guessous',
  'Jabri',
  'Kabbaj',
  'Lamrani',
  'Mernissi',
  'Nejjar',
  'Sebti',
  'Slaoui',
  'Zniber',
  'Ouali',
  'Belkadi',
  'Azzouzi',
  'Bakkali',
  'Chaoui',
  'Dahbi',
  'Ennaji',
  'Fikri',
  'Ghazi',
  'Hilali',
  'Jamai',
  'Kadiri',
  'Lazrak',
  'Mekouar',
  'Nassiri',
  'Oudghiri',
  'Raji',
  'Semlali',
  'Touimi',
  'Wahbi',
  'Yacoubi',
  'Zaher',
  'El Ouafi',
  'Benchekroun',
  'Alami',
  'Squalli',
  'Benabdellah',
  'El Khatib',
  'Haddad',
  'Bouazza',
  'Moussaoui',
  'Rahmouni',
  'Tounsi',
  'Kharbouch',
  'El Mansouri',
  'Boutaleb',
  'Ait Benhaddou',
];
const europeanGiven = [
  'Jean',
  'Marie',
  'Pierre',
  'Sophie',
  'Lucas',
  'Camille',
  'Thomas',
  'Julie',
  'Nicolas',
  'Emma',
  'Antoine',
  'Léa',
  'María',
  'José',
  'Carmen',
  'Javier',
  'Lucía',
  'Pablo',
  'Giulia',
  'Marco',
  'Francesca',
  'Luca',
  'Anna',
  'Jan',
  'Pieter',
  'Sanne',
  'Lukas',
  'Hannah',
  'Maximilian',
  'Laura',
  'João',
  'Inês',
  'Sébastien',
  'Chloé',
  'François',
];
const europeanFamily = [
  'Martin',
  'Bernard',
  'Dubois',
  'Thomas',
  'Robert',
  'Richard',
  'Petit',
  'Durand',
  'Leroy',
  'Moreau',
  'Simon',
  'Laurent',
  'Lefebvre',
  'Michel',
  'García',
  'Fernández',
  'González',
  'Rodríguez',
  'López',
  'Martínez',
  'Sánchez',
  'Pérez',
  'Rossi',
  'Russo',
  'Ferrari',
  'Esposito',
  'Bianchi',
  'Romano',
  'De Vries',
  'Jansen',
  'Van den Berg',
  'Peeters',
  'Maes',
  'Janssens',
  'Müller',
  'Schmidt',
  'Schneider',
  'Fischer',
  'Weber',
  'Silva',
  'Santos',
  'Ferreira',
  'Pereira',
  'Dupont',
  'Lambert',
  'Fontaine',
  'Rousseau',
  'Vincent',
  'Muller',
  'Lefèvre',
  'Faure',
];

const ordinaryFamilyWords = new Set(
  [...moroccanFamily, ...europeanFamily].flatMap((f) => f.toLowerCase().split(/[\s-]+/)),
);

/** `count` ordinary names (about 70 % Moroccan, 30 % European; one in five with a middle name), none on the list. */
export function ordinaryNames(count: number, seed = 2026): string[] {
  const r = prng(seed);
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    if (r() < 0.7) {
      const middle = r() < 0.2 ? ` ${pick(r, moroccanGiven)}` : '';
      names.push(`${pick(r, moroccanGiven)}${middle} ${pick(r, moroccanFamily)}`);
    } else {
      const middle = r() < 0.2 ? `-${pick(r, europeanGiven)}` : '';
      names.push(`${pick(r, europeanGiven)}${middle} ${pick(r, europeanFamily)}`);
    }
  }
  return names;
}

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../../../common/api/contacts.ts';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { ensureRates, signIn, testEnv, uniquePhone, type SignedIn } from '../../../tests/support/identity.ts';
import { addContact, list, newAgency, uniqueTag } from './contacts.fixtures.ts';
import { searchPatterns } from '../../db/search-condition.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: testEnv });
  await ensureRates(t);
});
afterAll(async () => {
  await t.close();
});

const names = (body: { results: Record<string, unknown>[] }) =>
  body.results.map((r) => `${String(r.first_name)} ${String(r.last_name)}`);

async function withContacts(count: number): Promise<SignedIn> {
  const s = await signIn(t);
  for (let i = 0; i < count; i++) {
    const res = await addContact(t, s, {
      first_name: `Name${String(i).padStart(2, '0')}`,
      last_name: 'X',
      phone_number: uniquePhone(),
    });
    expect(res.status).toBe(201);
  }
  return s;
}

describe('GET /api/contacts/ pages', () => {
  it('pages by 10 by default with count, next and previous that keep the other parameters', async () => {
    const s = await withContacts(12);
    const first = await list(t, s, '?search=name');
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(12);
    expect(first.body.results).toHaveLength(10);
    expect(first.body.previous).toBeNull();
    expect(first.body.next).toBe('/api/contacts/?search=name&page=2');
    const second = await list(t, s, '?search=name&page=2');
    expect(names(second.body)).toEqual(['Name10 X', 'Name11 X']);
    expect(second.body.next).toBeNull();
    expect(second.body.previous).toBe('/api/contacts/?search=name&page=1');
    const bySize = await list(t, s, '?page_size=5&page=3');
    expect(bySize.body.results).toHaveLength(2);
    // Past the end: an empty page, not an error (a list shrinks while someone pages it).
    const beyond = await list(t, s, '?page=9');
    expect(beyond.status).toBe(200);
    expect(beyond.body).toMatchObject({ count: 12, results: [], next: null, previous: '/api/contacts/?page=2' });
  });

  it('caps page_size at 100 and refuses pages that are not positive integers', async () => {
    const s = await withContacts(1);
    expect((await list(t, s, '?page_size=1000')).body.count).toBe(1);
    for (const query of ['?page=0', '?page=abc', '?page=', '?page_size=0', '?page_size=-5', '?page=1.5']) {
      const res = await list(t, s, query);
      expect(res.status, query).toBe(400);
      expect(Object.keys(res.body)).toHaveLength(1);
    }
  });
});

describe('GET /api/contacts/?search=', () => {
  it('matches names, e-mail and phone, ignoring case and accents', async () => {
    const s = await signIn(t);
    const tag = uniqueTag();
    const phone = uniquePhone();
    await addContact(t, s, { first_name: 'Élodie', last_name: 'Lefèvre', email: `${tag}@example.com` });
    await addContact(t, s, { first_name: 'ELODIE', last_name: 'Martin', phone_number: phone });
    await addContact(t, s, { first_name: 'Youssef', last_name: 'Benali', phone_number: uniquePhone() });
    const byName = await list(t, s, '?search=elodie');
    expect(names(byName.body)).toEqual(['Élodie Lefèvre', 'ELODIE Martin']);
    expect(names((await list(t, s, `?search=${encodeURIComponent('LEFEVRE')}`)).body)).toEqual(['Élodie Lefèvre']);
    expect(names((await list(t, s, `?search=${encodeURIComponent('lefèvre élodie')}`)).body)).toEqual([
      'Élodie Lefèvre',
    ]);
    expect(names((await list(t, s, `?search=${tag.toUpperCase()}`)).body)).toEqual(['Élodie Lefèvre']);
    // People type their national form: 06 12…; numbers are stored as +336 12….
    const national = `0${phone.slice(3, 4)} ${phone.slice(4, 6)} ${phone.slice(6, 8)}`;
    expect(names((await list(t, s, `?search=${encodeURIComponent(national)}`)).body)).toEqual(['ELODIE Martin']);
    expect((await list(t, s, '?search=%20%20')).body.count).toBe(3);
  });

  it('takes %, _, backslash and quotes literally', async () => {
    const s = await signIn(t);
    await addContact(t, s, { first_name: '100%', last_name: 'Sure', phone_number: uniquePhone() });
    await addContact(t, s, { first_name: 'a_b', last_name: "O'Neil\\x", phone_number: uniquePhone() });
    await addContact(t, s, { first_name: 'aXb', last_name: 'Plain', phone_number: uniquePhone() });
    const q = (text: string) => list(t, s, `?search=${encodeURIComponent(text)}`);
    expect(names((await q('%')).body)).toEqual(['100% Sure']);
    expect(names((await q('a_b')).body)).toEqual(["a_b O'Neil\\x"]);
    expect(names((await q('_')).body)).toEqual(["a_b O'Neil\\x"]);
    expect(names((await q("o'neil\\")).body)).toEqual(["a_b O'Neil\\x"]);
    expect((await q("'; DROP TABLE contacts; --")).body.count).toBe(0);
    expect((await q('x'.repeat(101))).status).toBe(400);
  });
});

describe('the recipients list read from the names stored folded (migration 0491)', () => {
  // What the list computed at every request before 0491: the stored columns must give the same matches and the
  // same order, for accents, ligatures, mixed case and Arabic, and follow the names when a row is updated.
  async function byLiveFolding(ownerId: number, search: string): Promise<string[]> {
    const { pattern } = searchPatterns(search);
    const { rows } = await sql<{ first_name: string; last_name: string }>`
      SELECT first_name, last_name FROM contacts
      WHERE owner_user_id = ${ownerId} AND NOT public AND deleted_at IS NULL
        AND lower(unaccent(concat_ws(' ', first_name, last_name, first_name, email)))
          LIKE lower(unaccent(${pattern})) ESCAPE '\\'
      ORDER BY lower(unaccent(first_name)), lower(unaccent(last_name)), id`.execute(t.database.db);
    return rows.map((r) => `${r.first_name} ${r.last_name}`);
  }
  const searches = ['', 'elodie', 'ÉLO', 'lefevre', 'LEFÈVRE', 'oe', 'œ', 'ss', 'straße', 'i', 'İ', 'ñ', 'n'];
  const arabic = ['أمينة', 'امينة', 'آمنة', 'الإدريسي', 'الادريسي', 'مُحَمَّد', 'محمد', 'ال'];

  it('matches and sorts as lower(unaccent()) did, then follows an update of the names', async () => {
    const s = await signIn(t);
    const tag = uniqueTag();
    const people: [string, string, string | null][] = [
      ['Élodie', 'Lefèvre', `${tag}.elodie@example.com`],
      ['ELODIE', 'martin', null],
      ['elodie', 'Åberg', null],
      ['Œdipe', 'Straße', null],
      ['Oedipe', 'Strasse', null],
      ['İsmail', 'Núñez', null],
      ['ismail', 'Nunez', null],
      ['أمينة', 'الإدريسي', null],
      ['آمنة', 'الادريسي', null],
      ['مُحَمَّد', 'بنعلي', null],
      ['محمد', 'Benali', null],
      ['Zoë', 'Ødegård', `${tag}.ZOE@example.com`],
    ];
    for (const [first, last, email] of people) {
      const res = await addContact(t, s, {
        first_name: first,
        last_name: last,
        ...(email === null ? { phone_number: uniquePhone() } : { email, phone_number: null }),
      });
      expect(res.status, first).toBe(201);
    }
    const check = async () => {
      for (const search of [...searches, ...arabic, tag, `${tag}.zoe`]) {
        const answer = await list(t, s, `?page_size=100&search=${encodeURIComponent(search)}`);
        expect(answer.status, search).toBe(200);
        const want = await byLiveFolding(s.userId, search);
        expect(names(answer.body), search).toEqual(want);
        expect(answer.body.count, search).toBe(want.length);
      }
      // The order of every page, not only of one page of 100.
      const paged: string[] = [];
      for (let page = 1; page <= 3; page++) paged.push(...names((await list(t, s, `?page_size=5&page=${page}`)).body));
      expect(paged).toEqual(await byLiveFolding(s.userId, ''));
    };
    await check();
    // A row written later (an operator's correction, an anonymising purge): the stored folding follows it.
    await sql`UPDATE contacts SET first_name = 'Ÿvette', last_name = 'Çelik', email = NULL
      WHERE owner_user_id = ${s.userId} AND first_name = 'Élodie'`.execute(t.database.db);
    expect(names((await list(t, s, '?search=yvette%20celik')).body)).toEqual(['Ÿvette Çelik']);
    expect((await list(t, s, `?search=${tag}.elodie`)).body.count).toBe(0);
    await check();
  });
});

describe('GET /api/contacts/?public=true (agencies)', () => {
  // Three agencies found by their tag, so other files' agencies do not change the order.
  let s: SignedIn;
  let tag: string;
  beforeAll(async () => {
    s = await signIn(t);
    tag = uniqueTag();
    await newAgency(t, { name: `Rabat ${tag}`, city: 'Rabat', lat: '34.020882', lon: '-6.841650' });
    await newAgency(t, { name: `Casa ${tag}`, city: 'Casablanca', lat: '33.573110', lon: '-7.589843' });
    await newAgency(t, { name: `Tanger ${tag}`, city: 'Tanger', lat: '35.759465', lon: '-5.833954' });
  });

  it('sorts by distance from the given position, with proximity in km and the address', async () => {
    // Mohammedia, between Casablanca (~24 km) and Rabat (~66 km).
    const res = await list(t, s, `?public=true&search=${tag}&latitude=33.6861&longitude=-7.3829`);
    expect(res.status).toBe(200);
    expect(res.body.results.map((r) => r.city)).toEqual(['Casablanca', 'Rabat', 'Tanger']);
    const [casa, rabat, tanger] = res.body.results.map((r) => Number(r.proximity));
    expect(casa).toBeGreaterThan(20);
    expect(casa).toBeLessThan(26);
    expect(rabat).toBeGreaterThan(60);
    expect(rabat).toBeLessThan(70);
    expect(tanger).toBeGreaterThan(250);
    expect(res.body.results[0]).toMatchObject({ public: true, address: '1 Avenue Hassan II', zip_code: '20000' });
    // From Tangier, the other way round.
    const north = await list(t, s, `?public=true&search=${tag}&latitude=35.77&longitude=-5.80`);
    expect(north.body.results.map((r) => r.city)).toEqual(['Tanger', 'Rabat', 'Casablanca']);
  });

  it('without a position, sorts by city and has no proximity', async () => {
    const res = await list(t, s, `?public=true&search=${tag}`);
    expect(res.body.results.map((r) => r.city)).toEqual(['Casablanca', 'Rabat', 'Tanger']);
    expect(res.body.results.every((r) => r.proximity === null)).toBe(true);
  });

  it('finds agencies by city, accents folded; recipients never appear among agencies', async () => {
    const id = await newAgency(t, { name: `Fès ${tag}`, city: 'Fès', lat: '34.0331', lon: '-5.0003' });
    const res = await list(t, s, `?public=true&search=${encodeURIComponent(`fes ${tag}`)}`);
    expect(res.body.results.map((r) => String(r.id))).toEqual([id]);
    await addContact(t, s, { first_name: `Rabat ${tag}`, last_name: 'Person', phone_number: uniquePhone() });
    expect((await list(t, s, `?public=true&search=${tag}`)).body.count).toBe(4);
    expect((await list(t, s, `?search=${tag}`)).body.count).toBe(1);
  });

  it('refuses positions out of range, half a position and bad flags with field messages', async () => {
    const cases: [string, Record<string, string[]>][] = [
      ['latitude=91&longitude=0', { latitude: [contactMessages.latitude] }],
      ['latitude=-90.5&longitude=0', { latitude: [contactMessages.latitude] }],
      ['latitude=0&longitude=181', { longitude: [contactMessages.longitude] }],
      ['latitude=abc&longitude=1', { latitude: [contactMessages.latitude] }],
      ['latitude=NaN&longitude=1', { latitude: [contactMessages.latitude] }],
      ['latitude=&longitude=1', { latitude: [contactMessages.latitude] }],
      ['latitude=33.5', { longitude: [contactMessages.bothCoordinates] }],
      ['public=yes', { public: [contactMessages.booleanFlag] }],
    ];
    for (const [query, errors] of cases) {
      const res = await list(t, s, `?public=true&${query}`.replace('public=true&public=yes', 'public=yes'));
      expect(res.status, query).toBe(400);
      expect(res.body, query).toEqual(errors);
    }
    expect((await list(t, s, '?public=true&latitude=-90&longitude=180')).status).toBe(200);
  });
});

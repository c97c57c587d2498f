import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customer, recipientOf } from '../../server/modules/transfers/transactions.fixtures.ts';
import { call, ensureRates, signIn, testEnv, uniqueIp, type SignedIn } from '../support/identity.ts';
import { startTestApp } from '../support/test-app.ts';
import { isWebAsset, ruleOf } from './route-rules.ts';
import { buildWorld, expectSane, raw, routeKey, routeTable, type RouteEntry, type World } from './security-helpers.ts';

/**
 * Fuzzing every endpoint of the route table with fast-check: generated path ids, query strings
 * and bodies, shaped after the OpenAPI document when it knows the fields, never produce a 5xx nor an answer that
 * shows the server's insides (stack frames, file paths, SQL errors). Each route gets a fixed minimum of runs.
 */
const t = await startTestApp({ env: testEnv });
const routes = routeTable(t.app).filter((r) => !isWebAsset(r, t.config.webDistDir));
let w: World;
let throwaway: SignedIn;

interface Shape {
  query: string[];
  body: string[];
}
const shapes = new Map<string, Shape>();

beforeAll(async () => {
  await ensureRates(t);
  w = await buildWorld(t);
  throwaway = await signIn(t);
  const doc = (await call<{ paths: Record<string, Record<string, OpenApiOperation>> }>(t, 'GET', '/api/openapi.json'))
    .body;
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const url = path.replace(/\{([^}]+)\}/g, ':$1');
      shapes.set(`${method.toUpperCase()} ${url}`, {
        query: (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        body: Object.keys(operation.requestBody?.content?.['application/json']?.schema?.properties ?? {}),
      });
    }
  }
}, 60_000);
afterAll(async () => {
  await t.close();
});

interface OpenApiOperation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}

/** Strings that have broken parsers, SQL and templates before. */
const nasty = [
  '',
  ' ',
  '0',
  '-1',
  '00000001',
  '1e309',
  '1e3',
  'NaN',
  'Infinity',
  '-0',
  '0x10',
  '1.005',
  '9'.repeat(40),
  '12345.6789',
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '" OR ""="',
  '%',
  '_',
  '\\',
  '%_\\%',
  '$1',
  '\u0000',
  'a\u0000b',
  '\uFEFF',
  '\u202E',
  '١٢٣٤٥٦',
  '１２３４５６',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '${7*7}{{7*7}}',
  '../../../etc/passwd',
  '__proto__',
  'constructor',
  'true',
  'null',
  '[]',
  '{}',
  'A'.repeat(5000),
  '+33612345678',
  'x@example.com',
  '2026-02-30',
  '9999-12-31',
];

const scalar = fc.oneof(
  fc.constantFrom(...nasty),
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.integer(),
  fc.double(),
  fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String),
  fc.boolean(),
  fc.constant(null),
);
const value: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: scalar },
  { weight: 1, arbitrary: fc.jsonValue() },
);

/** UTF-8 percent-encoding that never throws (lone surrogates become U+FFFD), plus a few raw malformed escapes. */
const pct = (text: string) =>
  [...Buffer.from(text, 'utf8')]
    .map((b) =>
      /[A-Za-z0-9._~-]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).padStart(2, '0')}`,
    )
    .join('');
const rawSegments = ['%', '%zz', '%00', '..%2f..%2f', '%2e%2e', '%E0%A4%A', ';', '*'];

function idsOf(world: World): string[] {
  const a = world.alice;
  return [a.userId, a.contactId, a.transferId, a.withdrawal.id, a.exchangeId, a.sessionId, a.withdrawal.token].map(
    String,
  );
}

const segment = (world: World) =>
  fc.oneof(
    { weight: 3, arbitrary: scalar.map((v) => pct(String(v)) || '0') },
    { weight: 2, arbitrary: fc.constantFrom(...idsOf(world)) },
    { weight: 1, arbitrary: fc.constantFrom(...rawSegments) },
  );

function tokenFor(route: RouteEntry, who: 'usual' | 'none' | 'other'): string | undefined {
  if (who === 'none') return undefined;
  // Logging out or closing an account ends the session: a throwaway's, not alice's.
  if (route.url === '/api/auth/logout/' || route.url === '/api/users/close/') return throwaway.token;
  const rule = ruleOf(route);
  if (rule?.access === 'operator') return who === 'other' ? w.alice.token : w.operator.token;
  const teller = rule?.access === 'banker';
  if (who === 'other') return teller ? w.alice.token : w.teller1.token;
  return teller ? w.teller1.token : w.alice.token;
}

function requestArbitrary(route: RouteEntry, shape: Shape | undefined) {
  const params = [...route.url.matchAll(/:([A-Za-z_]+)|\*/g)].map((m) => m[0]);
  const knownQuery = shape?.query ?? [];
  const knownBody = shape?.body ?? [];
  const key = fc.oneof(
    { weight: 3, arbitrary: knownQuery.length ? fc.constantFrom(...knownQuery) : fc.constant('page') },
    { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
  );
  const body = fc.oneof(
    {
      weight: 3,
      arbitrary: knownBody.length
        ? fc.record(Object.fromEntries(knownBody.map((k) => [k, value])), { requiredKeys: [] })
        : fc.dictionary(fc.string({ maxLength: 8 }), value, { maxKeys: 4 }),
    },
    { weight: 1, arbitrary: fc.jsonValue() },
  );
  return fc.record({
    segments: fc.tuple(...params.map(() => segment(w))),
    query: fc.array(fc.tuple(key, scalar.map(String), fc.boolean()), { maxLength: 4 }),
    body: fc.option(body, { nil: undefined }),
    encoding: fc.constantFrom('json', 'json', 'json', 'broken-json', 'text', 'form'),
    who: fc.constantFrom<'usual' | 'none' | 'other'>('usual', 'usual', 'usual', 'none', 'other'),
    idempotencyKey: fc.option(fc.string({ unit: 'grapheme-ascii', maxLength: 300 }), { nil: undefined }),
  });
}

type Generated = ReturnType<typeof requestArbitrary> extends fc.Arbitrary<infer T> ? T : never;

function build(route: RouteEntry, r: Generated) {
  let i = 0;
  const path = route.url.replace(/:([A-Za-z_]+)|\*/g, () => String(r.segments[i++] ?? 'x'));
  const query = r.query.map(([k, v, encoded]) => `${pct(k)}=${encoded ? pct(v) : v.replace(/[#\s&]/g, '')}`).join('&');
  const json = r.body === undefined ? undefined : JSON.stringify(r.body);
  const [body, contentType] =
    r.encoding === 'broken-json' && json
      ? [json.slice(0, Math.max(1, json.length - 1)), 'application/json']
      : r.encoding === 'text' && json
        ? [json, 'text/plain']
        : r.encoding === 'form' && json
          ? ['a=1&b=%zz', 'application/x-www-form-urlencoded']
          : [json, json === undefined ? undefined : 'application/json'];
  const headers: Record<string, string> = { 'x-forwarded-for': uniqueIp() };
  if (r.idempotencyKey !== undefined) headers['idempotency-key'] = r.idempotencyKey.replace(/[^\x20-\x7e]/g, '');
  return { path: query ? `${path}?${query}` : path, body, contentType, headers };
}

/**
 * Runs per route: every one of them completes, however loaded the machine (an unfinished run fails the test
 * rather than passing on a handful of cases). `npm run fuzz:long` (SECURITY_FUZZ_RUNS=2000) adds a long hunt
 * after them, which may stop at its time limit once the minimum is done.
 */
const MIN_API_RUNS = 40;
const MIN_OTHER_RUNS = 10;
const huntRuns = Number(process.env.SECURITY_FUZZ_RUNS ?? 0);
const huntMsPerRoute = 60_000;

/** The reference page's own assets are third-party bundles: only "no 5xx" is asked of them. */
const thirdParty = (route: RouteEntry) => route.url.startsWith('/api/docs');

describe('fuzzing every route', () => {
  it.each(routes.map((route) => [routeKey(route), route] as const))('%s', async (_key, route) => {
    const minimum = thirdParty(route) || !route.url.startsWith('/api/') ? MIN_OTHER_RUNS : MIN_API_RUNS;
    const property = fc.asyncProperty(requestArbitrary(route, shapes.get(routeKey(route))), async (r) => {
      const req = build(route, r);
      const token = tokenFor(route, r.who);
      const answer = await raw(t, route.method, req.path, {
        ...(token && { token }),
        ...(req.body !== undefined && { body: req.body }),
        ...(req.contentType && { contentType: req.contentType }),
        headers: req.headers,
      });
      const what = `${route.method} ${req.path} ${String(req.body).slice(0, 200)}`;
      if (thirdParty(route)) {
        expect(answer.status, what).toBeLessThan(500);
        return;
      }
      expectSane(answer, what);
      // The API answers JSON, but for its files: CSV exports, receipts and identity documents (a 200 that says
      // text/csv, a PDF or an image).
      const type = answer.headers.get('content-type') ?? '';
      const csv =
        answer.status === 200 && /^(text\/csv|application\/pdf|image\/(png|jpeg))/.test(type);
      if (req.path.startsWith('/api/') && answer.text && !csv)
        expect((): unknown => JSON.parse(answer.text), what).not.toThrow();
    });
    const details = await fc.check(property, { numRuns: minimum });
    if (details.failed) throw new Error(fc.defaultReportMessage(details));
    expect({ runs: details.numRuns, interrupted: details.interrupted }).toEqual({ runs: minimum, interrupted: false });
    if (huntRuns > minimum) {
      await fc.assert(property, { numRuns: huntRuns, plugins: [fc.interruptAfterTimeLimit(huntMsPerRoute)] });
    }
  });
});

describe('SQL metacharacters in search and filters', () => {
  const metas = ["' OR '1'='1", "'; DROP TABLE contacts; --", '%', '_', '\\', '%%', "Rec'--", '") OR 1=1 --', '\u0000'];

  it('contacts search takes them literally: no extra rows, no error', async () => {
    // A customer of its own (the fuzzers above change alice's list) with exactly one recipient, "Rec Ipient".
    const owner = await customer(t);
    await recipientOf(t, owner, { email: `rec-${randomUUID()}@example.com` });
    const search = (q: string) =>
      call<{ count: number }>(t, 'GET', `/api/contacts/?search=${pct(q)}`, { token: owner.token });
    expect((await search('Rec')).body.count).toBe(1);
    for (const q of metas) {
      // Taken literally: a 200 with no row (none of the names holds them); U+0000 alone is refused on the field.
      const expected = q.includes('\u0000') ? { status: 400, field: 'search' } : { status: 200, count: 0 };
      const res = await search(q);
      const agencies = await call<{ count: number }>(t, 'GET', `/api/contacts/?public=true&search=${pct(q)}`, {
        token: owner.token,
      });
      for (const answer of [res, agencies]) {
        const seen =
          answer.status === 200
            ? { status: 200, count: answer.body.count }
            : { status: answer.status, field: Object.keys(answer.body).join(',') };
        expect(seen, `${q}: ${JSON.stringify(answer.body)}`).toEqual(expected);
      }
    }
  });

  it('transaction filters refuse them with 400, never widen the list', async () => {
    for (const name of [
      'user',
      'contact',
      'category',
      'amount',
      'amount_gte',
      'amount_lte',
      'start_date',
      'end_date',
    ]) {
      for (const q of metas) {
        const res = await call(t, 'GET', `/api/transactions/?${name}=${pct(q)}`, { token: w.mallory.token });
        expect(res.status, `${name}=${q}`).toBe(400);
      }
    }
  });
});

describe('NUL characters (PostgreSQL text cannot hold U+0000)', () => {
  it('are a 400 naming the field wherever they arrive, never a 500', async () => {
    const nul = 'a\u0000b';
    // [method, path, body, token, the field the 400 must name]
    const cases: [string, string, unknown, string | undefined, string][] = [
      ['GET', `/api/contacts/?search=${pct(nul)}`, undefined, w.alice.token, 'search'],
      ['GET', `/api/contacts/?public=true&search=${pct(nul)}`, undefined, w.alice.token, 'search'],
      [
        'POST',
        '/api/contacts/',
        { first_name: nul, last_name: 'X', email: 'nul@example.com' },
        w.alice.token,
        'first_name',
      ],
      [
        'PATCH',
        `/api/users/${w.alice.userId}/`,
        { first_name: nul, last_name: 'X', country: 'FR', phone_number: '+33612340000' },
        w.alice.token,
        'first_name',
      ],
      ['GET', `/api/auth/confirm_email/?code=${pct(nul)}`, undefined, undefined, 'code'],
      ['GET', `/api/dev/outbox/?to=${pct(nul)}`, undefined, undefined, 'to'],
      ['POST', '/api/auth/send_code/', { email: `a${nul}@example.com` }, undefined, 'email'],
      ['POST', '/api/auth/verify_code/', { email: 'nul@example.com', code: nul }, undefined, 'code'],
      ['GET', `/api/withdrawals/${pct(nul)}/`, undefined, w.teller1.token, 'token'],
    ];
    const wrong: string[] = [];
    for (const [method, path, body, token, field] of cases) {
      const res = await call(t, method, path, { ...(body !== undefined && { body }), ...(token && { token }) });
      if (res.status !== 400 || !Array.isArray(res.body[field]))
        wrong.push(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)} (expected a 400 on ${field})`);
    }
    expect(wrong).toEqual([]);
  });
});

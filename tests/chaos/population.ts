import pg from 'pg';
import type { ChaosClient } from './client.ts';
import { sleep } from './cluster.ts';
import type { Rng } from './rng.ts';

/**
 * The people of the run, created over HTTP as the app creates them: sign-in with a code read from the dev outbox,
 * a security code, recipients. Setup goes through the same retrying client as the workload (the monkey does not
 * run yet, but a request can still time out on a loaded machine).
 */

export const SECURITY_CODE = '246813';

export interface Person {
  email: string;
  ip: string;
  userId: string;
  token: string;
  client: ChaosClient;
  rng: Rng;
}

export interface Customer extends Person {
  /**
   * Contact id -> whom the client means by it: the e-mail of another customer, of a person without an account
   * (yet), or an agency's id. The client's record of whom it pays, never read back from the server.
   */
  registered: Map<number, string>;
  ghosts: Map<number, string>;
  agencies: Map<number, string>;
  /**
   * A customer has one draft exchange (by design), so two devices adding money at once share one checkout: only
   * the primary device tops up, or the journal would count one payment twice.
   */
  topsUp: boolean;
}

export interface Teller extends Person {
  agencyId: string;
}

export const randomIp = (rng: Rng) => `10.${rng.int(256)}.${rng.int(256)}.${1 + rng.int(254)}`;

/**
 * Sends a code and verifies it. A verification whose outcome we did not see may have consumed the code (then the
 * retry is "wrong code"): ask for a new one, as a person would.
 */
export async function signIn(
  client: ChaosClient,
  email: string,
  ip: string,
): Promise<{ token: string; userId: string }> {
  for (let round = 1; round <= 20; round++) {
    const sent = await client.request({
      method: 'POST',
      path: '/api/auth/send_code/',
      ip,
      json: { email, language: 'en' },
    });
    if (sent.status !== 200) {
      await sleep(300);
      continue;
    }
    const outbox = await client.request({
      method: 'GET',
      path: `/api/dev/outbox/?to=${encodeURIComponent(email)}`,
      ip,
      timeoutChance: 0,
    });
    const results = (outbox.body.results ?? []) as { code: string | null }[];
    const code = results.find((m) => m.code !== null)?.code;
    if (!code) continue;
    const verified = await client.request({
      method: 'POST',
      path: '/api/auth/verify_code/',
      ip,
      json: { email, code },
    });
    if (verified.status === 200) {
      return { token: String(verified.body.access), userId: String(verified.body.user_id) };
    }
    // The resend interval (LOGIN_CODE_RESEND_SECONDS=1 for the run) before the next code.
    await sleep(1100);
  }
  throw new Error(`could not sign in ${email}`);
}

export async function setSecurityCode(p: Person): Promise<void> {
  const res = await p.client.request({
    method: 'POST',
    path: `/api/users/${p.userId}/security_code/`,
    ip: p.ip,
    token: p.token,
    // The current code too: a retry after an unseen success is then a change to the same code, not a 400.
    json: { security_code: SECURITY_CODE, current_security_code: SECURITY_CODE },
  });
  if (res.status !== 200) throw new Error(`security code for ${p.email}: ${res.status}`);
}

/** Adds a recipient; a retry after an unseen success answers "already exists": look it up then. */
export async function addContact(p: Person, email: string, first: string, last: string): Promise<number> {
  const res = await p.client.request({
    method: 'POST',
    path: '/api/contacts/',
    ip: p.ip,
    token: p.token,
    json: { first_name: first, last_name: last, email },
  });
  if (res.status === 201) return Number(res.body.id);
  const found = await p.client.request({
    method: 'GET',
    path: `/api/contacts/?search=${encodeURIComponent(email)}`,
    ip: p.ip,
    token: p.token,
    timeoutChance: 0,
  });
  const row = ((found.body.results ?? []) as { id: number; email: string | null }[]).find((c) => c.email === email);
  if (!row) throw new Error(`contact ${email} for ${p.email}: ${res.status} ${JSON.stringify(res.body)}`);
  return row.id;
}

export async function agencyIds(p: Person): Promise<number[]> {
  const res = await p.client.request({
    method: 'GET',
    path: '/api/contacts/?public=true&page_size=100',
    ip: p.ip,
    token: p.token,
    timeoutChance: 0,
  });
  return ((res.body.results ?? []) as { id: number }[]).map((a) => a.id);
}

/** Runs `work` over `items` with at most `limit` at once (setup would otherwise swamp 2 cores). */
export async function inBatches<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i] as T);
    }
  });
  await Promise.all(lanes);
  return results;
}

/** Every this many customers, one stays at level 1 (the others are verified to level 2): see setLevels(). */
export const LEVEL_1_EVERY = 4;

/**
 * The customers' levels. Most are verified to level 2 (an approved identity document, as the KYC review leaves
 * them) and the run gives level 2 limits that a run does not reach (run.ts), so money keeps moving to the end;
 * every LEVEL_1_EVERY-th stays at level 1 with the production limits, which it reaches within a few minutes, so
 * the limit's refusals stay exercised. Written to the database directly: the review is not this run's subject.
 */
export async function setLevels(databaseUrl: string, customers: Person[]): Promise<{ level1: number; level2: number }> {
  const verified = customers.filter((_, i) => i % LEVEL_1_EVERY !== LEVEL_1_EVERY - 1).map((c) => c.userId);
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'chaos-setup' });
  await client.connect();
  try {
    await client.query(`UPDATE users SET kyc_level = 2 WHERE id = ANY($1::bigint[])`, [verified]);
  } finally {
    await client.end();
  }
  return { level1: customers.length - verified.length, level2: verified.length };
}

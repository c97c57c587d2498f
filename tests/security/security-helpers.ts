import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { validated } from '../../server/modules/billing/billing.fixtures.ts';
import {
  agency,
  create,
  customer,
  recipientOf,
  teller,
  type Customer,
} from '../../server/modules/transfers/transactions.fixtures.ts';
import { operator } from '../../server/modules/ops/ops.fixtures.ts';
import { openReview } from '../../server/modules/reviews/reviews.service.ts';
import { withTransaction } from '../../server/ledger/transaction.ts';
import { fullForm, submit } from '../../server/modules/kyc/kyc.fixtures.ts';
import { newRateAlert } from '../../server/modules/rate-alerts/rate-alerts.fixtures.ts';
import { newSchedule } from '../../server/modules/schedules/schedules.fixtures.ts';
import { newCase } from '../../server/modules/cases/cases.fixtures.ts';
import type { SignedIn } from '../support/identity.ts';
import type { TestApp } from '../support/test-app.ts';

/**
 * Shared by the security suite: the real app's route table, a small world of two customers
 * and two agencies with their objects, and the "no internal detail in an answer" check.
 */

export interface RouteEntry {
  method: string;
  /** Fastify's pattern, e.g. `/api/contacts/:id/`. */
  url: string;
}

const treeLine = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/u;

/**
 * Every route the app registered, read from Fastify's own router (`printRoutes` prints its radix tree: each line
 * is a path fragment under its parent, with the methods of the route that ends there). Each entry is checked back against the router with `hasRoute`, so a
 * change of the print format fails loudly instead of silently dropping routes. HEAD routes are Fastify's
 * automatic twins of GET ones and are left out.
 */
export function routeTable(app: FastifyInstance): RouteEntry[] {
  const text = app.printRoutes();
  const stack: string[] = [];
  const routes: RouteEntry[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const match = treeLine.exec(line);
    if (!match) throw new Error(`unexpected line in printRoutes: ${JSON.stringify(line)}`);
    const depth = (match[1] ?? '').length / 4;
    const fragment = match[2] ?? '';
    stack.length = depth;
    const url = (stack[depth - 1] ?? '') + fragment;
    stack[depth] = url;
    for (const method of (match[3] ?? '').split(',').map((m) => m.trim())) {
      if (!method || method === 'HEAD') continue;
      routes.push({ method, url });
    }
  }
  for (const route of routes) {
    if (!app.hasRoute({ method: route.method, url: route.url })) {
      throw new Error(`route table parse error: ${route.method} ${route.url} is not a route`);
    }
  }
  return routes;
}

export const routeKey = (r: RouteEntry) => `${r.method} ${r.url}`;

/** `/api/contacts/:id/` + `{id: 7}` -> `/api/contacts/7/`; a wildcard `*` takes the `*` parameter. */
export function fillPath(template: string, params: Record<string, string | number>): string {
  return template
    .replace(/:([A-Za-z_]+)/g, (_m, name: string) => {
      const value = params[name];
      if (value === undefined) throw new Error(`no value for :${name} in ${template}`);
      return encodeURIComponent(String(value));
    })
    .replace(/\*$/, () => encodeURIComponent(String(params['*'] ?? 'x')));
}

/** A customer's objects of every kind an endpoint can name by id. */
export interface Victim extends Customer {
  contactId: number;
  transferId: number;
  withdrawal: { id: number; token: string };
  /** A cash pickup payable at agency 1 only. */
  pickup: { id: number; reference: string };
  exchangeId: number;
  sessionId: string;
  /** An active rate alert. */
  rateAlertId: number;
  /** A recurring transfer to her recipient. */
  scheduleId: number;
  /** A help case with a file attached. */
  helpCase: { id: number; attachmentId: number };
}

export interface World {
  /** Owns one object of each kind; her withdrawal waits at agency 1. */
  alice: Victim;
  /** Another customer, with objects of his own, who tries alice's ids. */
  mallory: Customer;
  agency1: string;
  agency2: string;
  /** Teller of agency 1 (alice's withdrawal), and of agency 2. */
  teller1: SignedIn;
  teller2: SignedIn;
  /** The back-office: an operator and a read-only auditor. */
  operator: SignedIn;
  auditor: SignedIn;
  /** An open item of the reviews queue (about alice). */
  reviewId: number;
  /** A file of an identity document submission, pending review. */
  kycFileId: number;
  /** A bank deposits' payment file (the back-office reads it). */
  payoutFileId: number;
}

export async function buildWorld(t: TestApp): Promise<World> {
  const [agency1, agency2] = await Promise.all([agency(t), agency(t)]);
  const [alice, mallory, bob, teller1, teller2, staff, auditor] = await Promise.all([
    customer(t, 1_000_00n),
    customer(t, 1_000_00n),
    customer(t),
    teller(t, agency1),
    teller(t, agency2),
    operator(t),
    operator(t, 'AUDITOR'),
  ]);
  const contactId = await recipientOf(t, alice, { email: bob.email });
  const transfer = await create(t, alice, { amount: 10, contact: contactId });
  expect(transfer.status, JSON.stringify(transfer.body)).toBe(201);
  const withdrawal = await create(t, alice, { amount: 20, contact: Number(agency1) });
  expect(withdrawal.status, JSON.stringify(withdrawal.body)).toBe(201);
  const pickupContact = await recipientOf(t, alice, {
    phone_number: '+212600000017',
    first_name: 'Cash',
    last_name: 'Pickup',
  });
  const pickup = await create(t, alice, {
    amount: 15,
    contact: pickupContact,
    delivery: 'cash_pickup',
    agency: Number(agency1),
  });
  expect(pickup.status, JSON.stringify(pickup.body)).toBe(201);
  const { exchange, session } = await validated(t, alice, '25.00');
  const rateAlert = await newRateAlert(t, alice);
  const schedule = await newSchedule(t, alice, contactId);
  const helpCase = await newCase(t, alice);
  // Mallory has objects too, so "not found" is never "this user has nothing at all".
  await recipientOf(t, mallory, { email: `m-${randomUUID()}@example.com` });
  const review = await withTransaction(t.database.db, (tx) =>
    openReview(tx, { kind: 'monitoring', subject: `user:${alice.userId}` }, new Date()),
  );
  expect((await submit(t, bob, fullForm())).status).toBe(201);
  const kycFile = await t.database.db
    .selectFrom('kyc_files as f')
    .innerJoin('kyc_submissions as s', 's.id', 'f.submission_id')
    .select('f.id')
    .where('s.user_id', '=', String(bob.userId))
    .executeTakeFirstOrThrow();
  const payoutFile = await t.database.db
    .insertInto('payout_files')
    .values({ message_id: `SILA-MATRIX-${randomUUID()}`, deposits: 1, control_sum_minor: '100' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    alice: {
      ...alice,
      contactId,
      transferId: transfer.body.id as number,
      withdrawal: { id: withdrawal.body.id as number, token: String(withdrawal.body.token) },
      pickup: { id: pickup.body.id as number, reference: String(pickup.body.pickup_reference) },
      exchangeId: exchange.id as number,
      sessionId: session,
      rateAlertId: rateAlert,
      scheduleId: schedule,
      helpCase,
    },
    mallory,
    agency1,
    agency2,
    teller1,
    teller2,
    operator: staff,
    auditor,
    reviewId: Number(review.id),
    kycFileId: Number(kycFile.id),
    payoutFileId: Number(payoutFile.id),
  };
}

/** Stack frames (`at fn (file:1:2)`), source paths or framework internals in an answer are leaks. */
const leakPatterns: RegExp[] = [
  /\bat (?:async )?[\w$.<>[\]]+ \([^)]*:\d+:\d+\)/,
  /\bat (?:file:\/\/)?\/[\w./@-]+:\d+:\d+/,
  /\/work\/|\/home\/|\/root\/|node_modules|node:internal/,
  /\.(?:ts|js|mjs):\d+/,
  /\b(?:TypeError|ReferenceError|SyntaxError|RangeError):/,
  /\b(?:syntax error at or near|duplicate key value|violates (?:check|foreign key|not-null) constraint)\b/i,
  /\bSQLSTATE\b|\bKysely\b|\bpg_[a-z_]+\(/,
];

export function leakIn(text: string): RegExp | undefined {
  return leakPatterns.find((pattern) => pattern.test(text));
}

export interface RawAnswer {
  status: number;
  headers: Headers;
  text: string;
}

/** One request with full control of the path, body bytes and headers (the fuzzers need all three). */
export async function raw(
  t: TestApp,
  method: string,
  path: string,
  options: { token?: string; body?: string; contentType?: string; headers?: Record<string, string> } = {},
): Promise<RawAnswer> {
  const headers: Record<string, string> = { 'x-forwarded-for': '10.250.0.1', accept: 'application/json' };
  if (options.contentType) headers['content-type'] = options.contentType;
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  Object.assign(headers, options.headers);
  const hasBody = options.body !== undefined && method !== 'GET' && method !== 'HEAD';
  const res = await fetch(`${t.baseUrl}${path}`, {
    method,
    headers,
    body: hasBody ? options.body : undefined,
    redirect: 'manual',
  });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

/** Never a 5xx for anything a client sends, and nothing of the server's insides in the answer. */
export function expectSane(answer: RawAnswer, what: string): void {
  expect(answer.status, `${what} -> ${answer.status} ${answer.text.slice(0, 300)}`).toBeLessThan(500);
  const leak = leakIn(answer.text);
  expect(leak, `${what} leaks ${String(leak)}: ${answer.text.slice(0, 300)}`).toBeUndefined();
}

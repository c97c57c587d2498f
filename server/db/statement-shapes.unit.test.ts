import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type CompiledQuery,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from './schema.ts';
import { StatementShapes } from './statement-shapes.ts';
import {
  compileHistoryPage,
  compileHistoryPageAfresh,
  historyPageShapes,
} from '../modules/transfers/history-page.repository.ts';
import type { HistoryFilters, Viewer } from '../modules/transfers/transactions-query.repository.ts';
import { compileOwnContactsPage, compileOwnContactsPageAfresh } from '../modules/contacts/contacts.repository.ts';

// Compiles only: no connection.
const db = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

const same = (got: CompiledQuery, want: CompiledQuery) => {
  expect(got.sql).toBe(want.sql);
  expect(got.parameters).toEqual(want.parameters);
};

describe('StatementShapes', () => {
  it('fills a shape template with each call’s own values', () => {
    const shapes = new StatementShapes<{ id: string; limit: number; note: string | null }, undefined>((b) =>
      db
        .selectFrom('users')
        .select('id')
        .where('id', '=', b.id)
        .where((eb) => (b.note === null ? eb('first_name', 'is', null) : eb('first_name', '=', b.note)))
        .limit(b.limit),
    );
    const build = (b: { id: string; limit: number; note: string | null }) =>
      db
        .selectFrom('users')
        .select('id')
        .where('id', '=', b.id)
        .where((eb) => (b.note === null ? eb('first_name', 'is', null) : eb('first_name', '=', b.note)))
        .limit(b.limit)
        .compile();
    for (const b of [
      { id: '1', limit: 10, note: 'a' },
      { id: '2', limit: 20, note: 'b' },
      { id: '3', limit: 30, note: null },
      { id: '4', limit: 40, note: null },
    ]) {
      same(shapes.compile(b.note === null ? 'no note' : 'note', b, undefined), build(b));
    }
    expect(shapes.sizes).toEqual({ templated: 2, untemplated: 0 });
  });

  it('keeps compiling at each call a build that branches on a bound value (the shape does not name it)', () => {
    const build = (b: { id: string }) =>
      db
        .selectFrom('users')
        .select('id')
        .where(b.id === '1' ? 'id' : 'email', '=', b.id);
    const shapes = new StatementShapes<{ id: string }, undefined>(build);
    same(shapes.compile('one', { id: '1' }, undefined), build({ id: '1' }).compile());
    same(shapes.compile('one', { id: '2' }, undefined), build({ id: '2' }).compile());
    expect(shapes.sizes).toEqual({ templated: 0, untemplated: 1 });
  });
});

describe('the history page from its shape template', () => {
  it('is the statement Kysely builds for the same call, for every filter of the history', () => {
    const customer: Viewer = { id: '41', agencyId: null };
    const banker: Viewer = { id: '42', agencyId: '7' };
    const filterSets: HistoryFilters[] = [
      {},
      { category: 'sending' },
      { category: 'reception' },
      { category: 'exchange' },
      { category: 'withdrawal' },
      { contact: '12' },
      { user: '99' },
      { user: 'self' },
      { amountMinor: 25_000n },
      { amountGteMinor: 22_500n, amountLteMinor: 27_500n },
      { from: new Date('2026-01-01T00:00:00Z'), before: new Date('2026-01-08T00:00:00Z') },
      { category: 'sending', amountGteMinor: 100n, from: new Date('2026-03-02T23:00:00Z') },
      { user: '99', category: 'reception', amountLteMinor: 5n, before: new Date('2026-04-01T00:00:00Z') },
    ];
    // Each shape twice with other values: the first call makes the template, the second is served from it.
    for (const [i, viewerBase] of [customer, banker, customer, banker].entries()) {
      const viewer = { ...viewerBase, id: String(Number(viewerBase.id) + i * 100) };
      for (const base of filterSets) {
        const filters = base.user === 'self' ? { ...base, user: viewer.id } : base;
        for (const window of [
          { limit: 10, offset: 0 },
          { limit: 25, offset: 990 + i },
        ]) {
          same(compileHistoryPage(db, viewer, filters, window), compileHistoryPageAfresh(db, viewer, filters, window));
        }
      }
    }
    expect(historyPageShapes().untemplated).toBe(0);
    // A shape per filter set, viewer kind (a banker's agency) and page size.
    expect(historyPageShapes().templated).toBe(filterSets.length * 2 * 2);
  });

  it('binds only the request’s values: the page size and the kinds are in the text (generic plans, ADR 010)', () => {
    const viewer: Viewer = { id: '41', agencyId: null };
    const banker: Viewer = { id: '42', agencyId: '7' };
    for (const v of [viewer, banker]) {
      for (const category of ['sending', 'reception', 'exchange', 'withdrawal'] as const) {
        for (const limit of [1, 10, 100]) {
          const page = compileHistoryPage(db, v, { category }, { limit, offset: 20 });
          expect(page.sql).toMatch(new RegExp(`limit ${limit} offset \\$\\d+\\)`));
          expect(page.parameters).not.toContain(limit);
          for (const kind of ['transfer', 'exchange', 'withdrawal', 'pickup'])
            expect(page.parameters).not.toContain(kind);
          expect(page.parameters).toContain(20);
        }
      }
    }
  });

  it('refuses to write a page size that the query string could not give', () => {
    const viewer: Viewer = { id: '41', agencyId: null };
    // 10,001: the statement export's rows (STATEMENT_MAX_ROWS + 1) go through the same statement.
    expect(compileHistoryPage(db, viewer, {}, { limit: 10_001, offset: 0 }).sql).toMatch(/limit 10001 offset/);
    for (const limit of [0, 100_001, 2.5, Number.NaN, -1]) {
      expect(() => compileHistoryPage(db, viewer, {}, { limit, offset: 0 })).toThrow(RangeError);
      expect(() => compileOwnContactsPage(db, '41', undefined, { limit, offset: 0 })).toThrow(RangeError);
    }
  });
});

describe('a customer’s recipients page from its shape template', () => {
  it('is the statement the builder makes, with and without a search, phone-like or not', () => {
    const afresh = (owner: string, search: string | undefined, window: { limit: number; offset: number }) =>
      compileOwnContactsPageAfresh(db, owner, search, window);
    for (const [i, search] of [undefined, '', 'ben', 'élo', '06 12', 'Ben', 'é%_\\', '+212 6', undefined].entries()) {
      const window = { limit: 10 + i, offset: i * 10 };
      same(compileOwnContactsPage(db, String(7 + i), search, window), afresh(String(7 + i), search, window));
      // Served from the template the first call made.
      same(compileOwnContactsPage(db, String(8 + i), search, window), afresh(String(8 + i), search, window));
      expect(compileOwnContactsPage(db, '7', search, window).parameters).not.toContain(false);
    }
  });
});

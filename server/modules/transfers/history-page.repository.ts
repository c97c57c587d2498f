import { sql, type CompiledQuery, type Kysely, type SqlBool } from 'kysely';
import type { TransactionCategory } from '../../../common/api/transactions.ts';
import type { Database } from '../../db/schema.ts';
import { countedPage } from '../../db/counted-page.ts';
import { StatementShapes } from '../../db/statement-shapes.ts';
import { pageSizeLiteral } from '../../db/page-size.ts';
import {
  filtered,
  pageNames,
  pageSelection,
  payoutMethodOf,
  reservedNow,
  scheduleOf,
  sides,
  type BoundFilters,
  type HistoryFilters,
  type HistoryRow,
  type Viewer,
} from './transactions-query.repository.ts';

/** The history page: one statement per shape of filters, compiled once and bound per request (ADR 010). */

/**
 * What a history statement binds: the viewer and the filters' values, as parameters only (the shape says which are
 * set), and the page window.
 */
interface HistoryBinds extends Record<string, unknown> {
  viewer: string;
  agency: string | null;
  user: string | undefined;
  contact: string | undefined;
  amount: string | undefined;
  amountGte: string | undefined;
  amountLte: string | undefined;
  from: Date | undefined;
  before: Date | undefined;
  offset: number;
  /** offset + limit: how deep each side is read. */
  depth: number;
}

/** What the statement's text depends on: the category, whether `user` is the viewer themself, the page size. */
interface HistoryFacts {
  category: TransactionCategory | undefined;
  userIsViewer: boolean;
  limit: number;
}

function historyBinds(viewer: Viewer, f: HistoryFilters, window: { limit: number; offset: number }): HistoryBinds {
  return {
    viewer: viewer.id,
    agency: viewer.agencyId,
    user: f.user,
    contact: f.contact,
    amount: f.amountMinor?.toString(),
    amountGte: f.amountGteMinor?.toString(),
    amountLte: f.amountLteMinor?.toString(),
    from: f.from,
    before: f.before,
    offset: window.offset,
    depth: window.offset + window.limit,
  };
}

/** The viewer and filters of `binds` in the form sides() and filtered() take. */
function asViewerAndFilters(b: HistoryBinds, facts: HistoryFacts): { viewer: Viewer; filters: BoundFilters } {
  return {
    viewer: { id: b.viewer, agencyId: b.agency },
    filters: {
      user: b.user,
      contact: b.contact,
      category: facts.category,
      amount: b.amount,
      amountGte: b.amountGte,
      amountLte: b.amountLte,
      from: b.from,
      before: b.before,
    },
  };
}

/** Each side of the history as a query of ids, its filters applied. */
function historySides(db: Kysely<Database>, b: HistoryBinds, facts: HistoryFacts) {
  const { viewer, filters } = asViewerAndFilters(b, facts);
  const parts = sides(viewer, filters, facts.userIsViewer);
  const side = (i: number) =>
    db.selectFrom('transactions as t').where((eb) => eb.and([parts[i]!(eb), ...filtered(eb, viewer, filters)]));
  return { parts, side };
}

/**
 * Count: each side without the rows of the sides before it (a row on two sides is counted once). IS NOT TRUE, not
 * NOT: a top-up's NULL sender is not "sent by the viewer".
 *
 * A period with both ends (start_date and end_date) is counted in one pass instead: the rows of the period on any
 * side, the same number. Its generic plan reads the period from transactions_created_idx whatever the sides (it
 * cannot see the period's width), once per side: 10,000 rows and a heap visit each, twice, for the list bench's
 * 7-day window. One pass reads them once (typical 2.2-2.6 -> 1.0-1.1 ms, heaviest 2.2 -> 1.2 ms: ADR 010, "Lists,
 * fourth pass"). With one end or none the sides stay: each is then an index-only count of the viewer's history.
 */
function historyCount(db: Kysely<Database>, b: HistoryBinds, facts: HistoryFacts) {
  const { parts, side } = historySides(db, b, facts);
  if (parts.length > 1 && b.from !== undefined && b.before !== undefined) {
    const { viewer, filters } = asViewerAndFilters(b, facts);
    const once = db
      .selectFrom('transactions as t')
      .where((eb) => eb.and([eb.or(parts.map((part) => part(eb))), ...filtered(eb, viewer, filters)]))
      .select(sql<string>`count(*)`.as('count'));
    return db.selectNoFrom(sql<string>`(${once})`.as('count'));
  }
  return db.selectNoFrom(
    sql<string>`${sql.join(
      parts.map((_, i) =>
        parts
          .slice(0, i)
          .reduce(
            (query, earlier) => query.where((eb) => sql<SqlBool>`(${earlier(eb)}) IS NOT TRUE`),
            side(i).select(sql<string>`count(*)`.as('count')),
          ),
      ),
      sql` + `,
    )}`.as('count'),
  );
}

/** The page with its names, and the count of everything it pages through (`total_count`). */
function historyPage(db: Kysely<Database>, b: HistoryBinds, facts: HistoryFacts) {
  const { parts, side } = historySides(db, b, facts);
  // Page: each side's newest offset + limit ids (an index scan in id order, stopped early), merged.
  // The page size as a literal, not a parameter (it is part of the shape: 1 to 100). With `LIMIT $n` a generic plan
  // guesses a tenth of the rows wanted, so PostgreSQL judged every generic plan of a one-side filter (category, contact)
  // dearer than a custom one and planned again at each execution: 2-3 ms of planning for 0.2-0.3 ms of execution
  // (ADR 010, "Lists, third pass"). With `LIMIT 10` the generic plan costs what a custom one does and is kept.
  const limit = sql.lit(pageSizeLiteral(facts.limit));
  const ids =
    parts.length === 1
      ? side(0).select('t.id').orderBy('t.id', 'desc').limit(limit).offset(b.offset)
      : db
          .selectFrom(
            sql<{ id: string }>`(${sql.join(
              parts.map((_, i) => side(i).select('t.id').orderBy('t.id', 'desc').limit(b.depth)),
              sql` UNION `,
            )})`.as('u'),
          )
          .select('u.id')
          .orderBy('u.id', 'desc')
          .limit(limit)
          .offset(b.offset);
  return db
    .selectFrom(ids.as('p'))
    .innerJoin('transactions as t', 't.id', 'p.id')
    .leftJoin('pickups as pk', 'pk.transaction_id', 't.id')
    .select(pageSelection)
    .select((eb) => pageNames(eb))
    .select(reservedNow)
    .select(scheduleOf)
    .select(payoutMethodOf)
    .select(sql<string>`(${historyCount(db, b, facts)})`.as('total_count'))
    .orderBy('t.id', 'desc');
}

type HistoryPageRow = HistoryRow & { total_count: string };

/**
 * The page's statement is compiled once per shape (StatementShapes: building and compiling it with Kysely was more
 * of a list request's server CPU than its rows); the db it runs on is the caller's. The shape: which filters are
 * set, the category, a banker's agency, and `user` being the viewer (which merges the two sides into one).
 */
const historyPages = new StatementShapes<HistoryBinds, HistoryFacts & { db: Kysely<Database> }>((b, { db, ...facts }) =>
  historyPage(db, b, facts),
);

function historyShape(b: HistoryBinds, facts: HistoryFacts): string {
  const set = (key: keyof HistoryBinds) => (b[key] === undefined || b[key] === null ? '-' : '+');
  return [
    facts.category ?? '-',
    facts.userIsViewer ? 'self' : set('user'),
    String(facts.limit),
    ...(['agency', 'contact', 'amount', 'amountGte', 'amountLte', 'from', 'before'] as const).map(set),
  ].join(' ');
}

function historyStatementInputs(viewer: Viewer, filters: HistoryFilters, window: { limit: number; offset: number }) {
  const binds = historyBinds(viewer, filters, window);
  const facts = {
    category: filters.category,
    userIsViewer: filters.user !== undefined && filters.user === viewer.id,
    limit: window.limit,
  };
  return { binds, facts };
}

/** The history page's statement, from its shape's template once that shape was compiled (listHistory). */
export function compileHistoryPage(
  db: Kysely<Database>,
  viewer: Viewer,
  filters: HistoryFilters,
  window: { limit: number; offset: number },
): CompiledQuery {
  const { binds, facts } = historyStatementInputs(viewer, filters, window);
  return historyPages.compile(historyShape(binds, facts), binds, { ...facts, db });
}

/** The same statement built and compiled by Kysely at this call, as before the templates (tests compare them). */
export function compileHistoryPageAfresh(
  db: Kysely<Database>,
  viewer: Viewer,
  filters: HistoryFilters,
  window: { limit: number; offset: number },
): CompiledQuery {
  const { binds, facts } = historyStatementInputs(viewer, filters, window);
  return historyPage(db, binds, facts).compile();
}

export async function listHistory(
  db: Kysely<Database>,
  viewer: Viewer,
  filters: HistoryFilters,
  window: { limit: number; offset: number },
): Promise<{ count: number; rows: HistoryRow[] }> {
  const { binds, facts } = historyStatementInputs(viewer, filters, window);
  const { rows } = await db.executeQuery<HistoryPageRow>(compileHistoryPage(db, viewer, filters, window));
  return countedPage(
    rows,
    window.offset,
    async () => (await historyCount(db, binds, facts).executeTakeFirstOrThrow()).count,
  );
}

/** The shapes of the history page compiled so far (tests). */
export const historyPageShapes = (): { templated: number; untemplated: number } => historyPages.sizes;

/**
 * A page size written into a statement's text as a literal instead of a parameter (the list pages, ADR 010):
 * with `LIMIT $n` a generic plan guesses that a tenth of the rows is wanted, so PostgreSQL judged
 * the generic plan of a narrow list dearer than a custom one and planned the statement again at every execution.
 * A literal makes each page size its own statement. The sizes are few: a list's page_size is 1 to 100
 * (common/api/pagination.ts caps it) and the statement export asks for its fixed 10,001 rows
 * (STATEMENT_MAX_ROWS + 1); anything that is not a whole number in MAX_LITERAL_PAGE_SIZE is refused here rather than
 * written into SQL.
 */
export const MAX_LITERAL_PAGE_SIZE = 100_000;

export function pageSizeLiteral(limit: number): number {
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > MAX_LITERAL_PAGE_SIZE) {
    throw new RangeError(`page size ${limit}`);
  }
  return limit;
}

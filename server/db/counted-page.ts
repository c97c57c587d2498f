/**
 * A page and the count of everything it pages through, from one statement: the page query selects the count as
 * an uncorrelated scalar subquery (`total_count`, run once per statement), instead of a second query in parallel
 * on a second connection (each list request then made one statement fewer, and its page and count
 * read the same snapshot). A page with no row carries no count: at offset 0 the count is 0 (page and count have
 * the same conditions); past the end, `countAlone` answers it.
 */
export async function countedPage<Row extends { total_count: string | number | bigint }>(
  rows: Row[],
  offset: number,
  countAlone: () => Promise<string | number | bigint>,
): Promise<{ count: number; rows: Omit<Row, 'total_count'>[] }> {
  const first = rows[0];
  const count = first !== undefined ? first.total_count : offset === 0 ? 0 : await countAlone();
  return { count: Number(count), rows: rows.map(({ total_count: _, ...row }) => row) };
}

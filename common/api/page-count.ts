/**
 * Total pages is the ceiling of count divided by page size (at least one page). Its own module,
 * free of zod: the pagination schemas build zod objects when loaded, and the list screens need only this.
 */
export function totalPages(count: number, pageSize: number): number {
  return Math.max(1, Math.ceil(count / pageSize));
}

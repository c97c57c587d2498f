/**
 * DRF-style `next`/`previous`: the request's own path and query with `page` changed, so filters (search,
 * position, page_size) carry over. Relative to the origin, which the client already knows.
 */
export function pageLink(requestUrl: string, page: number): string {
  const url = new URL(requestUrl, 'http://local');
  url.searchParams.set('page', String(page));
  return `${url.pathname}${url.search}`;
}

export function pageLinks(
  requestUrl: string,
  page: number,
  pageSize: number,
  count: number,
): { next: string | null; previous: string | null } {
  const lastPage = Math.max(1, Math.ceil(count / pageSize));
  return {
    next: page < lastPage ? pageLink(requestUrl, page + 1) : null,
    // Past the end, previous leads back to the last page that has rows.
    previous: page > 1 ? pageLink(requestUrl, Math.min(page - 1, lastPage)) : null,
  };
}

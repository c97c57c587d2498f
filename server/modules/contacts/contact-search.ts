/** The search helpers now live with the database (server/db/search-condition.ts); kept for the importers not yet moved. */
export { escapeLike, phoneDigits } from '../../db/search-condition.ts';

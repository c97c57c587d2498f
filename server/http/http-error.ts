/** The answer errors of the API, defined where the ledger can throw them too; the server imports them from here. */
export * from '../../common/api/http-error.ts';

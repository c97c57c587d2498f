/**
 * The port of a PostgreSQL that a test starts, stops and starts again on the same port. Below Linux's ephemeral
 * range (32768-60999): inside it, a local port of any outgoing connection (the API tier holds hundreds to 5432) or
 * a port-0 listener of a test running beside it (the throwaway clusters, servers on PORT=0) can hold the port at
 * that moment, and PostgreSQL fails with "could not bind IPv4 address: Address already in use" (CI of 2026-11-29:
 * all four tests of embedded-postgres.test.ts on 54662). Each caller has its own block of 500 ports, from 20000;
 * the process id picks one in it, so that parallel runs of one file differ. Nothing of this machine's kind listens
 * between 20000 and 21999.
 */
export function stablePort(block: 0 | 1 | 2 | 3): number {
  return 20_000 + block * 500 + (process.pid % 500);
}

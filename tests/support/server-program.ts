import path from 'node:path';
import { ensureServerBuilt, serverDist } from '../../scripts/build-server.mjs';

/** The server's programs, as scripts/build-server.mjs names them in dist/server. */
export type ServerProgram = 'main' | 'serve' | 'worker' | 'admin' | 'migrate';

/**
 * Node's arguments for a program of the server started as a process of its own by a test: the built JavaScript,
 * what `npm start`, the operator commands and the systemd unit run, rather than the sources through tsx, which
 * compiled the whole server again in every such process (5-6 s of CPU each on two cores, against under 2 s built).
 * The build is current when the program starts: the API tier's global setup and the chaos run build it first when a
 * source is newer (serverBuilt), as the launchers do.
 */
export function serverProgram(name: ServerProgram, ...args: string[]): string[] {
  return [path.join(serverDist, `${name}.js`), ...args];
}

let built: Promise<void> | undefined;

/** Builds the server once per process when a source is newer than its last build (quiet when it is current). */
export function serverBuilt(): Promise<void> {
  built ??= ensureServerBuilt((message) => console.log(message));
  return built;
}

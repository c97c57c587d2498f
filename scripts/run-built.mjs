// `npm run serve|worker|admin|db:migrate`: one program of the built server (dist/server, built first when a source
// is newer than the last build), run in this very process with the arguments that follow its name.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureServerBuilt, serverDist } from './build-server.mjs';

const programs = ['main', 'worker', 'admin', 'migrate'];
const name = process.argv[2];
if (!name || !programs.includes(name)) {
  console.error(`usage: node scripts/run-built.mjs ${programs.join('|')} [arguments]`);
  process.exit(2);
}
try {
  // Notes on stderr: the operator commands' output on stdout stays theirs alone, for scripts that read it.
  await ensureServerBuilt();
} catch (error) {
  console.error(`[wallet] the server's build failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
const file = path.join(serverDist, `${name}.js`);
// As if node had been started on the program itself: its arguments start at process.argv[2].
process.argv.splice(1, 2, file);
await import(pathToFileURL(file).href);

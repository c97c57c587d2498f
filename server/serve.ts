// What `npm start` runs once the web app is built (scripts/start.mjs): the server on all the cores (cluster.ts).
import { startServer } from './cluster.ts';

await startServer();

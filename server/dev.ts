import { spawn } from 'node:child_process';
import path from 'node:path';
import { projectRoot } from './config.ts';

// `npm run dev`: the API as `npm start` runs it (port PORT, default 3000) and Vite's dev server with hot reload
// in front of it (port 5173, proxying /api to the API: see vite.config.ts). Ctrl-C stops both.
const vite = spawn(process.execPath, [path.join(projectRoot, 'node_modules', 'vite', 'bin', 'vite.js')], {
  cwd: projectRoot,
  stdio: 'inherit',
});
const stopVite = () => vite.kill('SIGTERM');
process.once('SIGINT', stopVite);
process.once('SIGTERM', stopVite);
vite.on('exit', (code) => {
  if (code && code !== 0) process.exitCode = code;
});

// A development server: the sign-in codes and the sandbox checkout at hand, as with `npm start`.
if ((process.env.NODE_ENV ?? 'development') === 'development') process.env.EXPOSE_DEV_ROUTES ??= 'true';
await import('./main.ts');

import { runAdmin } from './run-admin.ts';

// `npm run admin -- <command> [options]`: the operator commands (run-admin.ts), the exit code theirs.
process.exitCode = await runAdmin(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  return 1;
});

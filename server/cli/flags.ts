export class UsageError extends Error {}

/**
 * `--name value` pairs into an object. Unknown flags, missing values and missing required flags are usage
 * errors, so a typo never silently creates half-configured data.
 */
export function parseFlags<R extends string, O extends string = never>(
  args: readonly string[],
  required: readonly R[],
  optional: readonly O[] = [],
): Record<R, string> & Partial<Record<O, string>> {
  const known = new Set<string>([...required, ...optional]);
  const values: Record<string, string> = {};
  for (let i = 0; i < args.length; i += 2) {
    const flag = args[i] ?? '';
    const value = args[i + 1];
    const name = flag.replace(/^--/, '');
    if (!flag.startsWith('--') || !known.has(name)) throw new UsageError(`Unknown option ${flag}`);
    if (value === undefined || value.startsWith('--')) throw new UsageError(`Missing value for ${flag}`);
    values[name] = value;
  }
  const missing = required.filter((r) => values[r] === undefined);
  if (missing.length > 0) throw new UsageError(`Missing ${missing.map((m) => `--${m}`).join(', ')}`);
  return values as Record<R, string> & Partial<Record<O, string>>;
}

/** Runs a command body; a UsageError becomes its message and the usage line, with exit code 2. */
export async function withUsage(
  usage: string,
  out: (line: string) => void,
  body: () => Promise<number>,
): Promise<number> {
  try {
    return await body();
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    out(`${error.message}\nUsage: npm run admin -- ${usage}`);
    return 2;
  }
}

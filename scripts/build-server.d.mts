// The types of build-server.mjs, for the TypeScript that imports it (the tests' support, the chaos run).
export const projectRoot: string;
export const serverDist: string;
export function newestMtime(entry: string): number;
export function serverBuildIsStale(outdir?: string): boolean;
export function buildServer(outdir?: string): Promise<void>;
export function ensureServerBuilt(log?: (message: string) => void): Promise<void>;

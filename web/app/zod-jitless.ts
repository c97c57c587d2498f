// Zod compiles object parsers with `new Function` when it may, and probes for that with `Function('')` when the
// first object schema is built. Our CSP has no 'unsafe-eval', so the probe was a CSP violation
// on every page load (tests/e2e/security-rendering.spec.ts); the interpreted parser is plenty for the few
// answers a screen parses. This is `z.config({ jitless: true })` without importing zod into the entry chunk: zod
// keeps its configuration on this global (shared by every copy of zod) and reads it as schemas are built, so
// main.tsx imports this module first.
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };

export {};

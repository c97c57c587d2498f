import type { FastifyInstance } from 'fastify';
import { genericMessages } from '../../common/api/errors.ts';
import { HttpError } from './http-error.ts';

/** The path of the first key or string value holding U+0000 in a parsed request part; raw bodies are skipped. */
export function findNullCharacter(value: unknown, path: string[] = [], depth = 0): string[] | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value) || depth > 64) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = key.includes('\u0000') ? [...path, key] : findNullCharacter(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * PostgreSQL text cannot hold U+0000: a search, a name or an address containing it made the query fail, a 500
 * (security fuzzing). Refused at the edge for every route, after authentication and validation (so the
 * other answers keep their order), with DRF's message on the field.
 */
export function registerNullCharacterGuard(app: FastifyInstance): void {
  // A callback hook, not an async one: no promise and microtask on every request (ADR 010).
  app.addHook('preHandler', (request, _reply, done) => {
    for (const part of [request.params, request.query, request.body]) {
      const path = findNullCharacter(part);
      if (path === undefined) continue;
      const field = path.join('.');
      done(
        new HttpError(
          400,
          field ? { [field]: [genericMessages.nullCharacter] } : { detail: genericMessages.nullCharacter },
        ),
      );
      return;
    }
    done();
  });
}

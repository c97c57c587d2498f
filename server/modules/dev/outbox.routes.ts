import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { outboxQuerySchema, outboxResponseSchema } from '../../../common/api/dev.ts';
import { parsePhone } from '../../../common/identity/phone.ts';
import { listOutboxMessages } from '../../adapters/outbox/outbox.repository.ts';
import type { Database } from '../../db/schema.ts';

/** `?to=+33612345678` arrives as " 33612345678" when the + is not encoded: read it as the phone it is. */
function normalizeRecipient(to: string): string {
  const text = to.trim();
  const phone = parsePhone(/^\d+$/.test(text) ? `+${text}` : text);
  return phone.ok ? phone.value : text.toLowerCase();
}

/**
 * `GET /api/dev/outbox/`: what the built-in mail and SMS adapters "sent", newest first.
 * app.ts registers it only while a built-in adapter is active and never in production.
 */
export const devOutboxRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.get(
    '/dev/outbox/',
    {
      schema: {
        tags: ['dev'],
        summary: 'Messages of the built-in mail/SMS adapters (development only)',
        querystring: outboxQuerySchema,
        response: { 200: outboxResponseSchema },
      },
    },
    async (request) => {
      const { to } = request.query;
      const messages = await listOutboxMessages(db, {
        to: to === undefined ? undefined : normalizeRecipient(to),
        limit: 50,
      });
      const results = messages.map((m) => ({ ...m, created_at: m.created_at.toISOString() }));
      return { count: results.length, results };
    },
  );
};

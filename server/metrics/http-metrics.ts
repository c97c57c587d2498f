import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { httpDuration, httpRequests, moneyOperations, webhookFailures, type MoneyOutcome } from './metrics.ts';

/**
 * The money routes and the kind of operation each one is. POST /api/transactions/ is a send, a withdrawal or a
 * cash pickup; its answer says which (`category`, `delivery`), read in onSend for that route only.
 */
const moneyRoutes: Record<string, string> = {
  'POST /api/transactions/': 'send',
  'POST /api/transactions/:id/cancel/': 'cancel',
  'POST /api/withdrawals/:token/validate/': 'payout',
  'POST /api/pickups/:reference/pay/': 'pickup_payout',
  'POST /api/exchanges/:id/validate/': 'top_up',
  'POST /api/ops/transactions/:id/refund/': 'refund',
};
const webhookRoute = 'POST /api/billing/webhook/';

const kindOf = new WeakMap<FastifyRequest, string>();

function outcomeOf(status: number): MoneyOutcome {
  if (status >= 500) return 'error';
  return status >= 400 ? 'refused' : 'ok';
}

/** Request counts and latency per route template (never the raw URL: ids would make a series per customer). */
export function registerHttpMetrics(app: FastifyInstance): void {
  // Callback hooks, not async ones: no promise and microtask each on every request (ADR 010).
  app.addHook('onSend', (request: FastifyRequest, _reply: FastifyReply, payload: unknown, done) => {
    if (request.method === 'POST' && request.routeOptions.url === '/api/transactions/' && typeof payload === 'string') {
      if (payload.includes('"delivery":"cash_pickup"')) kindOf.set(request, 'cash_pickup');
      else if (payload.includes('"category":"withdrawal"')) kindOf.set(request, 'withdrawal');
    }
    done(null, payload);
  });
  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const labels = { method: request.method, route, status: String(reply.statusCode) };
    httpRequests.inc(labels);
    httpDuration.observe(labels, reply.elapsedTime / 1000);
    const key = `${request.method} ${route}`;
    const kind = moneyRoutes[key];
    if (kind) moneyOperations.inc({ kind: kindOf.get(request) ?? kind, outcome: outcomeOf(reply.statusCode) });
    else if (key === webhookRoute && reply.statusCode >= 400) webhookFailures.inc();
    done();
  });
}

import { sleep, type Cluster } from './cluster.ts';
import type { Rng } from './rng.ts';

/**
 * The customers' and tellers' HTTP client: a load balancer over the two processes, client-side timeouts, and the
 * retry rule of a careful mobile client: any attempt whose outcome is unknown (connection refused or reset by a
 * killed process, or our own timeout while the server may still be working) is sent again with the same
 * Idempotency-Key and the same body, until a definite answer or the give-up time.
 */

export interface ClientStats {
  requests: number;
  attempts: number;
  retries: number;
  /** Attempts we aborted ourselves after a short random time (the server may well have finished them). */
  timeouts: number;
  connectionErrors: number;
  byStatus: Record<string, number>;
  /** Requests abandoned at the give-up time without a definite answer. */
  unresolved: number;
}

export const newStats = (): ClientStats => ({
  requests: 0,
  attempts: 0,
  retries: 0,
  timeouts: 0,
  connectionErrors: 0,
  byStatus: {},
  unresolved: 0,
});

export interface Anomaly {
  check: string;
  detail: string;
}

export interface RequestOptions {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  token?: string;
  ip: string;
  /** JSON body, or a form (the sandbox card page posts urlencoded). */
  json?: unknown;
  form?: Record<string, string>;
  idempotencyKey?: string;
  /** Headers of the caller's own (a partner's signature). */
  headers?: Record<string, string>;
  /** Chance that one attempt gets a short client timeout (default: the client's). 0 for reads we depend on. */
  timeoutChance?: number;
  /** How long to keep retrying an unknown outcome before reporting it unresolved. */
  giveUpMs?: number;
}

export interface Answer {
  /** 0 when unresolved: no definite answer before the give-up time. */
  status: number;
  body: Record<string, unknown>;
  headers: Headers | undefined;
  attempts: number;
  /** Attempts whose outcome is unknown (aborted, reset): the request may have been applied before this answer. */
  unknown: number;
  /** The process that gave the answer. */
  node: string;
  /** When the last attempt left (epoch ms): a key stored before it proves an earlier attempt did the work. */
  lastSentAt: number;
}

export interface ClientOptions {
  cluster: Cluster;
  rng: Rng;
  stats: ClientStats;
  anomalies: Anomaly[];
  timeoutChance: number;
}

/** Statuses that mean "try again later" by contract (docs/features.md: 503 when the database is unreachable, 429). */
const retryLater = new Set([429, 503]);

export class ChaosClient {
  constructor(private readonly o: ClientOptions) {}

  async request(options: RequestOptions): Promise<Answer> {
    const { cluster, rng, stats } = this.o;
    stats.requests += 1;
    const giveUpAt = Date.now() + (options.giveUpMs ?? 30_000);
    const headers: Record<string, string> = {
      ...options.headers,
      'x-forwarded-for': options.ip,
      accept: 'application/json',
    };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
    let body: string | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(options.form).toString();
    }
    let attempts = 0;
    let unknown = 0;
    for (;;) {
      attempts += 1;
      const lastSentAt = Date.now();
      stats.attempts += 1;
      if (attempts > 1) stats.retries += 1;
      const node = cluster.pick(rng.next);
      const controller = new AbortController();
      // A short random timeout: long enough that the server often completes the work, short enough that we
      // regularly give up on it first. The retry must then be answered from the idempotency record.
      const timeoutChance = options.timeoutChance ?? this.o.timeoutChance;
      const timer = rng.chance(timeoutChance)
        ? setTimeout(() => controller.abort(), 5 + rng.int(150))
        : setTimeout(() => controller.abort(), 20_000);
      try {
        const res = await fetch(`${node.baseUrl}${options.path}`, {
          method: options.method,
          headers,
          body,
          redirect: 'manual',
          signal: controller.signal,
        });
        const text = await res.text();
        clearTimeout(timer);
        stats.byStatus[res.status] = (stats.byStatus[res.status] ?? 0) + 1;
        const parsed = parseJson(text);
        if (res.status >= 500 && res.status !== 503) {
          // A 500 is never an acceptable answer, least of all because another process died.
          this.o.anomalies.push({
            check: 'http-5xx',
            detail: `${options.method} ${options.path} -> ${res.status} on ${node.name}: ${text.slice(0, 300)}`,
          });
        }
        const retryable =
          retryLater.has(res.status) ||
          (res.status >= 500 && options.idempotencyKey !== undefined) ||
          (res.status === 409 && /still being processed/.test(text));
        if (retryable && Date.now() < giveUpAt) {
          const after = Number(res.headers.get('retry-after') ?? '0');
          await sleep(Math.min(Number.isFinite(after) ? after * 1000 : 0, 1000) + rng.int(100));
          continue;
        }
        return {
          status: res.status,
          body: parsed,
          headers: res.headers,
          attempts,
          unknown,
          node: node.name,
          lastSentAt,
        };
      } catch (error) {
        clearTimeout(timer);
        unknown += 1;
        if (controller.signal.aborted) stats.timeouts += 1;
        else stats.connectionErrors += 1;
        void error;
        if (Date.now() >= giveUpAt) {
          stats.unresolved += 1;
          return { status: 0, body: {}, headers: undefined, attempts, unknown, node: node.name, lastSentAt };
        }
        // Back off: the dead process needs a moment to be noticed; after our own timeout, often long enough for
        // the first attempt to finish, so the retry has to be answered from the idempotency record.
        await sleep(controller.signal.aborted ? 50 + rng.int(600) : 20 + rng.int(200));
      }
    }
  }
}

function parseJson(text: string): Record<string, unknown> {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : { value };
  } catch {
    return { text: text.slice(0, 200) };
  }
}

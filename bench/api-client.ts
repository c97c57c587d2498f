import http from 'node:http';
import { randomInt, randomUUID } from 'node:crypto';

/**
 * A small HTTP/1.1 client for the benchmarks: node:http with a keep-alive agent (one socket per concurrent
 * client, reused), lighter on the shared CPU than fetch. Answers status and parsed JSON.
 */
export class BenchClient {
  readonly agent: http.Agent;
  constructor(
    readonly baseUrl: string,
    maxSockets = 64,
  ) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets });
  }

  request<T = unknown>(
    method: string,
    path: string,
    options: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
  ): Promise<{ status: number; body: T }> {
    const url = new URL(path, this.baseUrl);
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    return new Promise((resolve, reject) => {
      const req = http.request(
        url,
        {
          method,
          agent: this.agent,
          headers: {
            accept: 'application/json',
            ...(payload !== undefined && {
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(payload),
            }),
            ...(options.token && { authorization: `Bearer ${options.token}` }),
            ...options.headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let body: unknown = text;
            try {
              body = text ? JSON.parse(text) : undefined;
            } catch {
              // not JSON: keep the text
            }
            resolve({ status: res.statusCode ?? 0, body: body as T });
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      if (payload !== undefined) req.write(payload);
      req.end();
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

export interface BenchUser {
  email: string;
  token: string;
  userId: number;
}

function expectStatus(what: string, got: { status: number; body: unknown }, want: number): void {
  if (got.status !== want) throw new Error(`${what}: ${got.status} ${JSON.stringify(got.body)}`);
}

/**
 * Signs a new customer up as the login screens do (code from the dev outbox), optionally with a security code
 * and a full profile. The server must run with the built-in outbox and limits high enough for many sign-ups.
 */
export async function signUp(
  client: BenchClient,
  options: { tag?: string; securityCode?: string; profile?: boolean } = {},
): Promise<BenchUser> {
  const email = `bench-${options.tag ?? 'user'}-${randomUUID()}@example.com`;
  expectStatus(
    'send_code',
    await client.request('POST', '/api/auth/send_code/', { body: { email, language: 'fr' } }),
    200,
  );
  const outbox = await client.request<{ results: { code: string | null }[] }>(
    'GET',
    `/api/dev/outbox/?to=${encodeURIComponent(email)}`,
  );
  const code = outbox.body.results.find((m) => m.code)?.code;
  const verified = await client.request<{ access: string; user_id: number }>('POST', '/api/auth/verify_code/', {
    body: { email, code },
  });
  expectStatus('verify_code', verified, 200);
  const user = { email, token: verified.body.access, userId: verified.body.user_id };
  if (options.securityCode) {
    const set = await client.request('POST', `/api/users/${user.userId}/security_code/`, {
      token: user.token,
      body: { security_code: options.securityCode },
    });
    if (set.status >= 300) throw new Error(`security_code: ${set.status} ${JSON.stringify(set.body)}`);
  }
  if (options.profile) {
    const phone = `+336${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
    const patched = await client.request('PATCH', `/api/users/${user.userId}/`, {
      token: user.token,
      body: { first_name: 'Bench', last_name: `User${user.userId}`, country: 'FR', phone_number: phone },
    });
    expectStatus('profile', patched, 200);
  }
  return user;
}

/** Runs `task` over `items` with at most `concurrency` at once; answers the results in order. */
export async function mapConcurrent<I, O>(
  items: I[],
  concurrency: number,
  task: (item: I, index: number) => Promise<O>,
): Promise<O[]> {
  const out: O[] = new Array<O>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await task(items[i] as I, i);
      }
    }),
  );
  return out;
}

/** Environment for a server that lets a benchmark sign up many users from one address. */
export const benchServerLimits = {
  LOGIN_CODE_REQUESTS_PER_IP_PER_HOUR: '1000000',
  LOGIN_VERIFICATIONS_PER_IP_PER_HOUR: '1000000',
  // The benches give one customer hundreds of recipients (the service limits people to 30 an hour).
  CONTACT_CREATE_LIMIT_PER_HOUR: '1000000',
  // Sign-in codes come from the dev outbox, as under `npm start`.
  EXPOSE_DEV_ROUTES: 'true',
};

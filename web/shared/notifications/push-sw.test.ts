import source from '../../../public/push-sw.js?raw';
import { describe, expect, it } from 'vitest';

/**
 * public/push-sw.js runs in the service worker, where nothing of the app is loaded: it is evaluated here against a
 * fake `self` to check its `pushsubscriptionchange` handler.
 */


type Listener = (event: unknown) => void;

function loadWorker(subscribe: (options: unknown) => unknown) {
  const listeners = new Map<string, Listener>();
  const posted: { url: string; body: unknown }[] = [];
  const self = {
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    registration: { pushManager: { subscribe: (options: unknown) => Promise.resolve(subscribe(options)) } },
    location: { origin: 'https://wallet.example' },
  };
  const fetch = (url: string, init: { body: string }) => {
    posted.push({ url, body: JSON.parse(init.body) as unknown });
    return Promise.resolve(new Response(null, { status: 201 }));
  };
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the worker's own file, as the browser runs it
  const run = new Function('self', 'fetch', source) as (self: unknown, fetch: unknown) => void;
  run(self, fetch);
  async function fire(event: Record<string, unknown>) {
    let work: Promise<unknown> = Promise.resolve();
    listeners.get('pushsubscriptionchange')?.({ ...event, waitUntil: (p: Promise<unknown>) => (work = p) });
    await work;
  }
  return { fire, posted };
}

const subscriptionOf = (endpoint: string, auth: string, applicationServerKey?: ArrayBuffer) => ({
  endpoint,
  options: { applicationServerKey },
  toJSON: () => ({ endpoint, keys: { p256dh: 'BPkey', auth } }),
});

describe('push-sw.js pushsubscriptionchange', () => {
  it('re-registers the replacement with the old endpoint and auth secret as its proof', async () => {
    const worker = loadWorker(() => {
      throw new Error('not asked: the browser gave the new subscription');
    });
    await worker.fire({
      oldSubscription: subscriptionOf('https://push.example/old', 'old-auth'),
      newSubscription: subscriptionOf('https://push.example/new', 'new-auth'),
    });
    expect(worker.posted).toEqual([
      {
        url: '/api/push/subscriptions/renew/',
        body: {
          old_endpoint: 'https://push.example/old',
          old_auth: 'old-auth',
          subscription: { endpoint: 'https://push.example/new', keys: { p256dh: 'BPkey', auth: 'new-auth' } },
        },
      },
    ]);
  });

  it('subscribes again with the old key when the browser gave no new subscription', async () => {
    const key = new Uint8Array([4, 1, 2]).buffer;
    const asked: unknown[] = [];
    const worker = loadWorker((options: unknown) => {
      asked.push(options);
      return subscriptionOf('https://push.example/again', 'again-auth');
    });
    await worker.fire({ oldSubscription: subscriptionOf('https://push.example/old', 'old-auth', key) });
    expect(asked).toEqual([{ userVisibleOnly: true, applicationServerKey: key }]);
    expect(worker.posted.map((p) => (p.body as { subscription: { endpoint: string } }).subscription.endpoint)).toEqual([
      'https://push.example/again',
    ]);
  });

  it('without the old subscription there is nothing to prove: nothing is sent', async () => {
    const worker = loadWorker(() => subscriptionOf('https://push.example/x', 'x'));
    await worker.fire({ oldSubscription: null, newSubscription: subscriptionOf('https://push.example/new', 'n') });
    expect(worker.posted).toEqual([]);
  });
});

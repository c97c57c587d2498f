import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../../common/i18n/languages.ts';
import { signed } from '../../../common/i18n/service-name.ts';
import { outageTracker, reasonOf, type WorkerLog } from '../../jobs/worker-log.ts';
import { retryDelayMs } from '../anchoring/anchor-worker.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { messageLink, withLanguage } from './notification-links.ts';
import { renderNotification } from './notification-texts.ts';
import { provedIdentifiers } from '../users/proved-identifiers.ts';
import { deliverPush } from './push-delivery.ts';
import {
  leaseDueDeliveries,
  markDeliveriesDone,
  markDeliveryFailed,
  type DeliveryChannel,
  type DueDelivery,
} from './notifications.repository.ts';

export type DeliveryDeps = Pick<ServiceDeps, 'db' | 'config' | 'mail' | 'sms' | 'push'>;

/**
 * A notification as a message sent outside the app: the mail's subject and the SMS opened by the service's name
 * (the in-app list, inside Sila, shows the title alone), the link to its screen after the text.
 */
export function notificationMessage(
  language: Language,
  kind: string,
  params: unknown,
  publicUrl: string,
): { subject: string; text: string; sms: string } {
  const texts = renderNotification(language, kind, params);
  const link = messageLink(kind, params, publicUrl);
  const text = link === null ? texts.body : `${texts.body}\n${withLanguage(link, language)}`;
  return { subject: signed(language, texts.title), text, sms: signed(language, `${texts.title}. ${text}`) };
}

/**
 * One delivery of a notification, in the user's language of the moment, on the channels the user wants now
 * (profile toggles): a push row goes to its browser (push-delivery.ts); the message row by e-mail when they proved
 * an address, else by SMS to a phone they proved (provedIdentifiers), else nothing (done: the in-app list has it).
 */
async function deliver(deps: DeliveryDeps, d: DueDelivery): Promise<'email' | 'sms' | 'push' | 'none' | 'gone'> {
  const language = isLanguage(d.language) ? d.language : DEFAULT_LANGUAGE;
  if (d.push_subscription_id !== null) return deliverPush(deps, d, language);
  const message = notificationMessage(language, d.kind, d.params, deps.config.PUBLIC_URL);
  const proved = provedIdentifiers(d);
  if (proved.email && d.want_email) {
    await deps.mail.send({ to: proved.email, subject: message.subject, text: message.text });
    return 'email';
  }
  if (proved.phone && d.want_sms) {
    await deps.sms.send({ to: proved.phone, body: message.sms });
    return 'sms';
  }
  return 'none';
}

/**
 * How long a sent delivery may wait to be marked done with the others of its batch. At least once stays (a row is
 * marked done only after its message was accepted, and a leased row is not taken by anyone else until its lease
 * ends); what the batching widens is the window in which a crash leads to a duplicate: the messages sent in the last
 * MARK_DONE_WITHIN_MS (at most one lease batch) instead of the last one only.
 */
const MARK_DONE_WITHIN_MS = 1000;

/**
 * One pass over the due deliveries, with the other outboxes' lease, backoff and settings (CHAIN_*). Never throws
 * for a delivery: a failed one is retried later, a dead letter after CHAIN_MAX_ATTEMPTS attempts. The sent ones are
 * marked done together, one statement per lease batch (or per MARK_DONE_WITHIN_MS of slow sending).
 */
export async function runNotificationDeliveries(
  deps: DeliveryDeps,
  log?: WorkerLog,
): Promise<{ sent: number; failed: number; dead: number }> {
  const { config } = deps;
  const result = { sent: 0, failed: 0, dead: 0 };
  for (;;) {
    const due = await leaseDueDeliveries(deps.db, {
      limit: config.CHAIN_WORKER_BATCH,
      leaseSeconds: config.CHAIN_LEASE_SECONDS,
      push: deps.push.publicKey !== null,
    });
    const sent: { id: string; channel: DeliveryChannel }[] = [];
    let firstSentAt = 0;
    for (const delivery of due) {
      if (sent.length > 0 && performance.now() - firstSentAt >= MARK_DONE_WITHIN_MS)
        await markDeliveriesDone(deps.db, sent.splice(0));
      try {
        const channel = await deliver(deps, delivery);
        // 'gone': the subscription was deleted, and this delivery with it.
        if (channel !== 'gone') {
          if (sent.length === 0) firstSentAt = performance.now();
          sent.push({ id: delivery.id, channel });
        }
        result.sent++;
      } catch (error) {
        result.failed++;
        const delay = retryDelayMs(delivery.attempts, config.CHAIN_RETRY_BASE_MS, config.CHAIN_RETRY_MAX_MS);
        const reason = reasonOf(error);
        if (await markDeliveryFailed(deps.db, delivery.id, delay, reason, config.CHAIN_MAX_ATTEMPTS)) {
          result.dead++;
          log?.error(
            { deliveryId: delivery.id, kind: delivery.kind, attempts: delivery.attempts, lastError: reason },
            'notification delivery: gave up after CHAIN_MAX_ATTEMPTS (dead letter)',
          );
        }
      }
    }
    await markDeliveriesDone(deps.db, sent);
    if (due.length < config.CHAIN_WORKER_BATCH) return result;
  }
}

export interface NotificationDelivery {
  /** Run a pass soon (after a request that may have written notifications), without waiting for it. */
  nudge(): void;
  /** Stops the polling and waits for the pass in flight. */
  stop(): Promise<void>;
}

/**
 * How long a nudge waits for others before its pass runs. A pass after every write request cost a lease query per
 * send (measured: p99 of 1,100 sends/s went from 46 to 54 ms); gathered, one pass per 100 ms carries
 * every message written meanwhile, and a notification still leaves within about a tenth of a second.
 */
const NUDGE_GATHER_MS = 100;

/**
 * The delivery worker. With `poll` (CHAIN_WORKER=in-process, or `npm run worker`) a pass every
 * CHAIN_WORKER_INTERVAL_MS; in every API process a nudge after each write request runs one within NUDGE_GATHER_MS, off
 * the response path, so a message leaves within moments even where the worker runs elsewhere. Passes never overlap:
 * a nudge during a pass runs one more after it.
 */
export function startNotificationDelivery(
  deps: DeliveryDeps,
  log: WorkerLog,
  options: {
    poll: boolean;
    /**
     * Passes that ride on this one (the same nudges and polling), run after the notifications: the messages to
     * recipients without an account. The entry point passes them in, as the modules that own them sit above this one.
     */
    alongside?: readonly ((deps: DeliveryDeps, log: WorkerLog) => Promise<unknown>)[];
  },
): NotificationDelivery {
  const database = outageTracker(log, 'notification delivery: the database');
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let gathering: NodeJS.Timeout | undefined;
  const pass = (): void => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = runNotificationDeliveries(deps, log)
      .then(async () => {
        for (const run of options.alongside ?? []) await run(deps, log);
      })
      .then(() => database.up())
      .catch((error: unknown) => database.down(error))
      .finally(() => {
        running = undefined;
        if (stopped) return;
        if (again) {
          again = false;
          pass();
        } else if (options.poll) timer = setTimeout(pass, deps.config.CHAIN_WORKER_INTERVAL_MS);
      });
  };
  if (options.poll) timer = setTimeout(pass, deps.config.CHAIN_WORKER_INTERVAL_MS);
  return {
    nudge() {
      if (stopped || gathering) return;
      gathering = setTimeout(() => {
        gathering = undefined;
        pass();
      }, NUDGE_GATHER_MS);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      clearTimeout(gathering);
      await running;
    },
  };
}

import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { LoggerOptions } from 'pino';
import { installZodMessages } from '../common/api/zod-messages.ts';
import { installPhoneRules } from '../common/identity/phone-rules.ts';
import { appVersion, type Config } from './config.ts';
import type { Database } from './db/schema.ts';
import { systemClock, type Clock } from './clock.ts';
import { createChainAdapter } from './adapters/chain/create-chain-adapter.ts';
import type { ChainAdapter } from './adapters/chain/chain-adapter.ts';
import { createMailAdapter, createSmsAdapter } from './adapters/create-adapters.ts';
import type { MailAdapter } from './adapters/mail/mail-adapter.ts';
import { createPaymentProvider } from './adapters/payments/create-payment-provider.ts';
import type { PaymentProvider } from './adapters/payments/payment-provider.ts';
import type { SmsAdapter } from './adapters/sms/sms-adapter.ts';
import { createPushAdapter, type PushAdapter } from './adapters/push/push-adapter.ts';
import { registerApiDocs } from './http/api-docs.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { registerHandlerTimeout } from './http/handler-timeout.ts';
import { registerNullCharacterGuard } from './http/null-characters.ts';
import { requestLogSerializer } from './http/log-redaction.ts';
import { OneLineRequestLog, registerAbortedRequestLog } from './http/request-log.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerWebApp } from './http/web-app.ts';
import { registerHttpMetrics } from './metrics/http-metrics.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthenticator, type Authenticator } from './modules/auth/authenticate.ts';
import { billingRoutes } from './modules/billing/billing.routes.ts';
import { sandboxRoutes } from './modules/billing/sandbox.routes.ts';
import { contactsRoutes } from './modules/contacts/contacts.routes.ts';
import { counterpartsWithMoneyMoved } from './modules/transfers/counterparts.service.ts';
import { devOutboxRoutes } from './modules/dev/outbox.routes.ts';
import { exchangesRoutes } from './modules/exchanges/exchanges.routes.ts';
import { startAnchorWorker } from './modules/anchoring/anchor-worker.ts';
import { startPaymentActionsWorker } from './modules/billing/payment-actions.worker.ts';
import { mobileWalletRoutes } from './modules/transfers/methods/mobile-wallet/mobile-wallet.routes.ts';
import { startWalletDispatchWorker } from './modules/transfers/methods/mobile-wallet/wallet-dispatch.ts';
import { startNotificationDelivery } from './modules/notifications/delivery.worker.ts';
import { runRecipientMessages } from './modules/invitations/recipient-messages.worker.ts';
import { rateAlertsRoutes } from './modules/rate-alerts/rate-alerts.routes.ts';
import { schedulesRoutes } from './modules/schedules/schedules.routes.ts';
import { casesRoutes } from './modules/cases/cases.routes.ts';
import { startMonitoringWorker } from './modules/compliance/monitoring.worker.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { pushRoutes } from './modules/notifications/push.routes.ts';
import { chainRoutes } from './modules/explorer/chain.routes.ts';
import { explorerRoutes } from './modules/explorer/explorer.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { kycRoutes } from './modules/kyc/kyc.routes.ts';
import { recoveryRoutes } from './modules/recovery/recovery.routes.ts';
import { opsRoutes } from './modules/ops/ops.routes.ts';
import { ratesRoutes } from './modules/rates/rates.routes.ts';
import type { ServiceDeps } from './modules/service-deps.ts';
import { emailConfirmationRoutes, usersRoutes } from './modules/users/users.routes.ts';
import { modulePorts } from './module-ports.ts';
import { liabilitiesRoutes } from './modules/liabilities/liabilities.routes.ts';
import { startLiabilitiesSchedule } from './modules/liabilities/schedule.ts';
import { transactionsRoutes } from './modules/transfers/transactions.routes.ts';
import { receiptsRoutes } from './modules/receipts/receipts.routes.ts';
import { startExpirySweep } from './housekeeping-sweep.ts';
import { syncLimits } from './modules/compliance/limits.ts';
import { withdrawalsRoutes } from './modules/transfers/methods/agency-withdrawal/withdrawals.routes.ts';
import { pickupsRoutes } from './modules/transfers/methods/cash-pickup/pickups.routes.ts';
import { counterRoutes } from './modules/transfers/counter/counter.routes.ts';
import { serverKeys } from './security/keys.ts';

installZodMessages();
installPhoneRules();

export interface AppDeps {
  config: Config;
  db: Kysely<Database>;
  /** Time for the modules that need it (code expiry, holds); the system clock by default. */
  clock?: Clock;
  /** pino options, or false for silence (tests). */
  logger?: LoggerOptions | false;
  /** Where the log goes instead of stdout (a test reads what the server would have logged). */
  logStream?: { write(line: string): void };
  /** SMTP when SMTP_URL is set, else the built-in outbox; tests may pass their own. */
  mail?: MailAdapter;
  /** The HTTP SMS provider when SMS_* are set, else the built-in outbox. */
  sms?: SmsAdapter;
  /** Web Push with the configured (or development) VAPID keys; tests may pass a failing one. */
  push?: PushAdapter;
  /** Stripe when STRIPE_SECRET_KEY is set, else the built-in sandbox; tests may pass their own. */
  payments?: PaymentProvider;
  /** The built-in local ledger by default; tests may pass a failing one (chain outage). */
  chain?: ChainAdapter;
  /**
   * Whether this process runs the periodic background work (the in-process workers' polls, the expiry sweep, the
   * liabilities schedule); default true. Of a cluster's API processes one does (server/cluster.ts): the others
   * would only repeat the same empty polls and split the same batches (ADR 010).
   */
  backgroundWork?: boolean;
}

/** The services' dependencies, completed with the defaults; exported for later modules and test factories. */
export function serviceDeps(deps: AppDeps): ServiceDeps {
  const keys = serverKeys(deps.config.SECRET_KEY);
  return {
    db: deps.db,
    config: deps.config,
    clock: deps.clock ?? systemClock,
    keys,
    mail: deps.mail ?? createMailAdapter(deps.config, deps.db),
    sms: deps.sms ?? createSmsAdapter(deps.config, deps.db),
    push: deps.push ?? createPushAdapter(deps.config.vapid, deps.config.pushServices),
    payments: deps.payments ?? createPaymentProvider(deps.config),
    chain: deps.chain ?? createChainAdapter(deps.config, deps.db, keys),
    ports: modulePorts,
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Route modules registered later (contacts, transactions…) take the authenticator from here. */
    authenticator: Authenticator;
    services: ServiceDeps;
  }
}

/** An incoming request id is kept only when it looks like one, so logs cannot be injected through it. */
const requestIdPattern = /^[A-Za-z0-9._-]{1,64}$/;

/** The whole HTTP application, without listening: main.ts listens on PORT, tests on port 0. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const production = config.NODE_ENV === 'production';
  const app = Fastify({
    logger:
      deps.logger === false
        ? false
        : (deps.logger ?? {
            level: config.LOG_LEVEL,
            serializers: { req: requestLogSerializer },
            ...(deps.logStream && { stream: deps.logStream }),
          }),
    // One line per request, written with its answer (server/http/request-log.ts).
    logController: new OneLineRequestLog(),
    bodyLimit: config.BODY_LIMIT_BYTES,
    // The header is read by genReqId, which validates it; Fastify would take it as it comes.
    requestIdHeader: false,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && requestIdPattern.test(incoming) ? incoming : randomUUID();
    },
    // Requests that would hang (slow clients, slowloris) are cut rather than holding a connection for ever.
    requestTimeout: 30_000,
    return503OnClosing: true,
    // request.ip feeds the per-IP sign-in limits: only a configured proxy may set it through X-Forwarded-For.
    trustProxy: config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();

  // And a request being handled is answered 503 after this, whatever it waits on: first of the
  // hooks, where Fastify's own option started its timer.
  registerHandlerTimeout(app, config.REQUEST_HANDLER_TIMEOUT_MS);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Callback hooks on every request, not async ones: Fastify then runs them in one go instead of a promise and a
  // microtask each (ADR 010).
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });
  registerAbortedRequestLog(app);

  registerErrorHandler(app);
  registerHttpMetrics(app);
  registerNullCharacterGuard(app);
  await registerSecurityHeaders(app, production);
  // The reference describes every back-office route and field: a map for an attacker, of no use to a customer.
  // Production serves none of it; development and tests keep it (the fuzz suite reads it).
  if (!production) await registerApiDocs(app, appVersion);

  await app.register(healthRoutes, { prefix: '/api', db: deps.db, version: appVersion });

  const services = serviceDeps(deps);
  const auth = createAuthenticator(services);
  app.decorate('authenticator', auth);
  app.decorate('services', services);
  app.addHook('onClose', async () => {
    for (const adapter of [services.mail, services.sms]) {
      if ('close' in adapter && typeof adapter.close === 'function') (adapter.close as () => void)();
    }
  });
  await app.register(authRoutes, { prefix: '/api', deps: services, auth });
  await app.register(usersRoutes, { prefix: '/api', deps: services, auth });
  await app.register(emailConfirmationRoutes, { prefix: '/api', deps: services, auth });
  await app.register(contactsRoutes, { prefix: '/api', deps: services, auth, moneyMovedWith: counterpartsWithMoneyMoved });
  await app.register(transactionsRoutes, { prefix: '/api', deps: services, auth });
  await app.register(receiptsRoutes, { prefix: '/api', deps: services, auth });
  await app.register(withdrawalsRoutes, { prefix: '/api', deps: services, auth });
  await app.register(pickupsRoutes, { prefix: '/api', deps: services, auth });
  await app.register(mobileWalletRoutes, { prefix: '/api', deps: services, auth });
  await app.register(counterRoutes, { prefix: '/api', deps: services, auth });
  await app.register(kycRoutes, { prefix: '/api', deps: services, auth });
  await app.register(recoveryRoutes, { prefix: '/api', deps: services, auth });
  await app.register(notificationsRoutes, { prefix: '/api', deps: services, auth });
  await app.register(pushRoutes, { prefix: '/api', deps: services, auth });
  await app.register(rateAlertsRoutes, { prefix: '/api', deps: services, auth });
  await app.register(schedulesRoutes, { prefix: '/api', deps: services, auth });
  await app.register(casesRoutes, { prefix: '/api', deps: services, auth });
  // The e-mail/SMS of notifications, from their outbox: polled with the other workers, and nudged after every
  // write request (not awaited: never on the response path) so a message leaves at once wherever the worker runs.
  const background = deps.backgroundWork ?? true;
  const delivery = startNotificationDelivery(services, app.log, {
    poll: background && config.CHAIN_WORKER === 'in-process',
    // The messages to recipients without an account (invitations, reminders) ride on the same pass.
    alongside: [runRecipientMessages],
  });
  app.addHook('onResponse', (request, _reply, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS') delivery.nudge();
    done();
  });
  app.addHook('onClose', async () => delivery.stop());
  // The database enforces the limits this process is configured with. A database down at start keeps
  // the figures written before (or the migration's defaults): logged, not fatal, like the other start-up work.
  app.addHook('onReady', async () => {
    try {
      await syncLimits(services.db, config);
    } catch (error) {
      app.log.error({ err: error }, 'could not write the configured limits to the database');
    }
  });
  // Expired withdrawals and unclaimed transfers go back to their senders even when nobody looks at them.
  if (background) {
    const stopSweep = startExpirySweep(services, app.log);
    app.addHook('onClose', async () => stopSweep());
  }
  // Completed transactions reach the public ledger from the outbox; `npm run worker` when CHAIN_WORKER=off.
  if (background && config.CHAIN_WORKER === 'in-process') {
    const stopAnchoring = startAnchorWorker(services, app.log);
    app.addHook('onClose', async () => stopAnchoring());
    // Refunds and cancellations the webhook could not perform at once, from the same kind of outbox.
    const stopActions = startPaymentActionsWorker(services, app.log);
    app.addHook('onClose', async () => stopActions());
    // Mobile wallet payouts the send could not hand to the operator at once, from their outbox.
    const stopWalletPayouts = startWalletDispatchWorker(services, app.log);
    app.addHook('onClose', async () => stopWalletPayouts());
    // Transaction monitoring's queue: rules judged after the money moved, reviews opened.
    const stopMonitoring = startMonitoringWorker(services, app.log);
    app.addHook('onClose', async () => stopMonitoring());
  }
  // The daily proof-of-liabilities snapshot and its anchoring (ADR 012); `off` in tests.
  if (background && config.LIABILITIES_SNAPSHOT_CRON !== 'off') {
    const stopLiabilities = startLiabilitiesSchedule(services, (error) =>
      app.log.error({ err: error }, 'liabilities snapshot failed'),
    );
    app.addHook('onClose', async () => stopLiabilities());
  }
  await app.register(liabilitiesRoutes, { prefix: '/api', deps: services, auth });
  await app.register(explorerRoutes, { prefix: '/explorer', deps: services });
  await app.register(chainRoutes, { prefix: '/api', deps: services });
  await app.register(ratesRoutes, { prefix: '/api', deps: services, auth });
  await app.register(exchangesRoutes, { prefix: '/api', deps: services, auth });
  await app.register(billingRoutes, { prefix: '/api', deps: services, auth });
  await app.register(opsRoutes, { prefix: '/api/ops', deps: services, auth });
  // The sandbox takes test cards for real-looking payments: never next to a real provider, never in production.
  // Mounted only when EXPOSE_DEV_ROUTES says so: a loopback HOST behind a proxy is as public as the proxy.
  if (services.payments.name === 'sandbox' && config.devRoutes) {
    await app.register(sandboxRoutes, { prefix: '/sandbox', deps: services });
  }
  // The outbox shows sign-in codes: it exists only with a built-in adapter, and never in production.
  if (config.devRoutes && (services.mail.builtIn || services.sms.builtIn)) {
    await app.register(devOutboxRoutes, { prefix: '/api', db: deps.db });
  }

  await registerWebApp(app, config.webDistDir);
  return app;
}

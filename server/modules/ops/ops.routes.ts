import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteModuleOptions } from '../route-module.ts';
import { opsSchedulesRoutes } from '../schedules/schedules-ops.routes.ts';
import { agenciesRoutes } from './agencies.routes.ts';
import { auditRoutes } from './audit.routes.ts';
import { opsCasesRoutes } from './cases.routes.ts';
import { customersRoutes } from './customers.routes.ts';
import { dashboardRoutes } from './dashboard.routes.ts';
import { guardOpsRoutes } from './ops-access.ts';
import { kycFilesRoutes } from './kyc-files.routes.ts';
import { opsLiabilitiesRoutes } from './liabilities.routes.ts';
import { opsRatesRoutes } from './rates.routes.ts';
import { reconciliationRoutes } from './reconciliation.routes.ts';
import { operatorsRoutes } from './operators.routes.ts';
import { payoutFilesRoutes } from './payout-files.routes.ts';
import { reviewsRoutes } from './reviews.routes.ts';
import { tellersRoutes } from './tellers.routes.ts';
import { opsTransactionsRoutes } from './transactions.routes.ts';

/** `/api/ops/`: the back-office. The guard applies to every route registered below it. */
export const opsRoutes: FastifyPluginAsyncZod<RouteModuleOptions> = async (app, { deps, auth }) => {
  guardOpsRoutes(app, auth);
  const options = { deps, auth };
  await app.register(auditRoutes, options);
  await app.register(customersRoutes, options);
  await app.register(opsTransactionsRoutes, options);
  await app.register(reviewsRoutes, options);
  await app.register(dashboardRoutes, options);
  await app.register(kycFilesRoutes, options);
  await app.register(agenciesRoutes, options);
  await app.register(opsRatesRoutes, options);
  await app.register(reconciliationRoutes, options);
  await app.register(tellersRoutes, options);
  await app.register(operatorsRoutes, options);
  await app.register(opsCasesRoutes, options);
  await app.register(opsSchedulesRoutes, options);
  await app.register(payoutFilesRoutes, options);
  await app.register(opsLiabilitiesRoutes, options);
};

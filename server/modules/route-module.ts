import type { Authenticator } from './auth/authenticate.ts';
import type { ServiceDeps } from './service-deps.ts';

/** What app.ts hands every route module: the services' dependencies and the authenticator. */
export interface RouteModuleOptions {
  deps: ServiceDeps;
  auth: Authenticator;
}

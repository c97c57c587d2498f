import type { BrowserContext, Route } from '@playwright/test';

// Playwright's offline emulation has not always covered a service worker's own requests: those are cut here too,
// so nothing the worker fetched from the network could pass for its cache.
const cutServiceWorker = (route: Route) =>
  route.request().serviceWorker() ? route.abort('internetdisconnected') : route.continue();

/** No network for the page nor for its service worker. */
export async function goOffline(context: BrowserContext) {
  await context.route('**', cutServiceWorker);
  await context.setOffline(true);
}

export async function goOnline(context: BrowserContext) {
  await context.setOffline(false);
  await context.unroute('**', cutServiceWorker);
}

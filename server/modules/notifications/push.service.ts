import {
  endpointParts,
  pushMessages,
  type NotificationPreferences,
  type PushSubscriptionRequest,
  type RenewPushSubscriptionRequest,
  type UpdateNotificationPreferences,
} from '../../../common/api/push.ts';
import { pushDestination } from '../../adapters/push/push-destination.ts';
import { fieldError, HttpError, notFound } from '../../http/http-error.ts';
import type { AuthUser } from '../auth/authenticate.ts';
import type { ServiceDeps } from '../service-deps.ts';
import {
  deleteSubscription,
  ownerOfSubscription,
  readPreferences,
  saveSubscription,
  writePreferences,
} from './push.repository.ts';

export type PushDeps = Pick<ServiceDeps, 'db' | 'config' | 'push'>;

/**
 * The server posts to whatever endpoint a browser gave: it must be an allowed push service, and not this machine
 * or its network by any spelling of an address (push-destination.ts; a name is judged again on the address it
 * resolves to when a push leaves). Production also wants https, even from a listed origin.
 */
function refuseEndpoint(deps: PushDeps, endpoint: string): boolean {
  if (deps.config.NODE_ENV === 'production' && endpointParts(endpoint)?.scheme !== 'https') return true;
  return pushDestination(deps.config.pushServices, endpoint).kind === 'refused';
}

export async function subscribe(deps: PushDeps, user: AuthUser, body: PushSubscriptionRequest) {
  if (deps.push.publicKey === null) throw new HttpError(409, { detail: pushMessages.notConfigured });
  if (refuseEndpoint(deps, body.endpoint)) throw fieldError('endpoint', pushMessages.endpoint);
  const row = await saveSubscription(deps.db, user.id, {
    endpoint: body.endpoint,
    p256dh: body.keys.p256dh.replace(/=+$/, ''),
    auth: body.keys.auth.replace(/=+$/, ''),
  });
  return { id: Number(row.id), endpoint: row.endpoint, created_at: row.created_at.toISOString() };
}

const bareKey = (value: string) => value.replace(/=+$/, '');

/**
 * The push service replaced a browser's subscription (`pushsubscriptionchange`): the new one goes to the user the
 * old one belonged to, proven by the old endpoint and its auth secret (no session in a service worker). Anything
 * else is a 404, whether the endpoint is unknown or the secret wrong.
 */
export async function renew(deps: PushDeps, body: RenewPushSubscriptionRequest) {
  if (deps.push.publicKey === null) throw new HttpError(409, { detail: pushMessages.notConfigured });
  if (refuseEndpoint(deps, body.subscription.endpoint))
    throw fieldError('subscription.endpoint', pushMessages.endpoint);
  const owner = await ownerOfSubscription(deps.db, body.old_endpoint, bareKey(body.old_auth));
  if (owner === undefined) throw notFound();
  const row = await saveSubscription(
    deps.db,
    owner,
    {
      endpoint: body.subscription.endpoint,
      p256dh: bareKey(body.subscription.keys.p256dh),
      auth: bareKey(body.subscription.keys.auth),
    },
    body.old_endpoint,
  );
  return { id: Number(row.id), endpoint: row.endpoint, created_at: row.created_at.toISOString() };
}

export async function unsubscribe(deps: PushDeps, user: AuthUser, endpoint: string): Promise<void> {
  if (!(await deleteSubscription(deps.db, user.id, endpoint))) throw notFound();
}

export async function preferences(deps: PushDeps, user: AuthUser): Promise<NotificationPreferences> {
  return { in_app: true, ...(await readPreferences(deps.db, user.id)) };
}

export async function updatePreferences(
  deps: PushDeps,
  user: AuthUser,
  changes: UpdateNotificationPreferences,
): Promise<NotificationPreferences> {
  return { in_app: true, ...(await writePreferences(deps.db, user.id, changes)) };
}

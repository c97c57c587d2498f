import { lookup as dnsLookup } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { PushServices } from '../../security/push-services.ts';

function originMatches(pattern: string, url: URL): boolean {
  const wildcard = /^(https?:)\/\/\*\.(.+)$/.exec(pattern);
  if (!wildcard) return pattern === url.origin;
  return url.protocol === wildcard[1] && url.host.endsWith(`.${wildcard[2] ?? ''}`);
}

/** Only global unicast: loopback, private, link-local, unique-local, multicast, unspecified and reserved are not. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  // process() turns an IPv4-mapped IPv6 address (::ffff:127.0.0.1) into the IPv4 address it is.
  return ipaddr.process(address).range() === 'unicast';
}

/** Names that stand for this machine whatever DNS says (RFC 6761), with or without the root's final dot. */
function isLocalName(hostname: string): boolean {
  const name = hostname.replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

export type PushDestination =
  | { kind: 'refused'; why: string }
  /** A listed local push service: connect as given. */
  | { kind: 'trusted' }
  /** Connect only through publicOnlyLookup. */
  | { kind: 'public-only' };

/**
 * Where the server may post a push. A browser gives the endpoint, so whoever subscribes chooses where the server
 * connects: without these rules a subscription could aim it at the server's own network (a metadata service, an
 * admin port on loopback). Two rules, checked when a subscription is saved and again when a push leaves:
 *
 * - the endpoint's origin must be one of the allowed push services (all of them when the list is 'any');
 * - the address connected to must be a public unicast one, checked on the address itself at connection time
 *   (publicOnlyLookup), whatever spelling of the host led to it. Trusted origins (PUSH_SERVICE_ORIGINS as
 *   configured: a local push service for tests and development) are the only exception.
 *
 * This says what the rules make of an endpoint before any connection (the address itself is judged at connection
 * time).
 */
export function pushDestination(services: PushServices, endpoint: string): PushDestination {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return { kind: 'refused', why: 'not a URL' };
  }
  if (services.trusted.some((pattern) => originMatches(pattern, url))) return { kind: 'trusted' };
  if (services.allowed !== 'any' && !services.allowed.some((pattern) => originMatches(pattern, url))) {
    return { kind: 'refused', why: `${url.origin} is not one of the allowed push services` };
  }
  // The URL parser has already written any spelling of an IPv4 address (0x7f000001, 0x7f.1) in dotted decimal.
  const literal = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(literal) !== 0 && !isPublicAddress(literal)) return { kind: 'refused', why: `${literal} is not public` };
  if (isLocalName(url.hostname)) return { kind: 'refused', why: `${url.hostname} is this machine` };
  return { kind: 'public-only' };
}

/** The error code of a connection refused by publicOnlyLookup. */
export const NOT_PUBLIC = 'EPUSHNOTPUBLIC';

/**
 * A lookup for sockets (the `lookup` option of net.connect, here on the push agents) that resolves as usual, then
 * refuses the connection when any address of the name is not public: what the socket would connect to is what is
 * judged, so a name pointing at 127.0.0.1, or re-pointed there after the subscription, is never connected to.
 * An IP literal never goes through a lookup: pushDestination() judges those.
 */
export function publicOnlyLookup(resolve: LookupFunction = dnsLookup): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const all = Array.isArray(addresses) ? addresses : [{ address: addresses, family: isIP(addresses) }];
      const refused = all.find((a) => !isPublicAddress(a.address));
      if (refused || all.length === 0) {
        const why = new Error(`${hostname} resolves to ${refused?.address ?? 'nothing'}, not a public address`);
        return callback(Object.assign(why, { code: NOT_PUBLIC }), '', 0);
      }
      if (options.all) return callback(null, all);
      const first = all[0] ?? { address: '', family: 0 };
      return callback(null, first.address, first.family);
    });
  };
}

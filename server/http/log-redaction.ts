import type { FastifyRequest } from 'fastify';

/**
 * Query parameters that carry one-time secrets: the e-mail confirmation link's `code`, withdrawal tokens (`token`,
 * and the teller page's `/withdraw?transaction=`, served by the same server).
 */
const secretParams = /([?&](?:code|token|transaction)=)[^&#]*/gi;

/**
 * Path segments that are capabilities: a withdrawal's QR token (`/api/withdrawals/{token}/…`) and, once cash
 * pickups exist, their reference (`/api/pickups/{reference}/…`). Whoever reads the log must not be able to pay out.
 */
const secretSegments = /(\/(?:withdrawals|pickups)\/)[^/?#]+/gi;

export function redactUrl(url: string): string {
  return url.replace(secretSegments, '$1[redacted]').replace(secretParams, '$1[redacted]');
}

/** Fastify's request log line, with the secrets of the query string masked: logs outlive every code. */
export function requestLogSerializer(request: FastifyRequest) {
  return { method: request.method, url: redactUrl(request.url), host: request.host, remoteAddress: request.ip };
}

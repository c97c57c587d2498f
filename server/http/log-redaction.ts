import type { FastifyRequest } from 'fastify';

/** Query parameters that carry one-time secrets (the e-mail confirmation link's `code`, withdrawal tokens). */
const secretParams = /([?&](?:code|token)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(secretParams, '$1[redacted]');
}

/** Fastify's request log line, with the secrets of the query string masked: logs outlive every code. */
export function requestLogSerializer(request: FastifyRequest) {
  return { method: request.method, url: redactUrl(request.url), host: request.host, remoteAddress: request.ip };
}

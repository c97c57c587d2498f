import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { genericMessages, type ErrorBody, type FieldErrors } from '../../common/api/errors.ts';
import { isDatabaseUnavailable } from '../db/database.ts';
import { HttpError } from './http-error.ts';
import { drainRequestBody } from './oversized-body.ts';

interface ValidationItem {
  instancePath?: string;
  message?: string;
}

/** `/address/city` -> `address.city`; the root of the body -> undefined (a non-field error). */
function fieldName(instancePath: string | undefined): string | undefined {
  const parts = (instancePath ?? '').split('/').filter(Boolean);
  return parts.length ? parts.join('.') : undefined;
}

/** Zod validation issues -> `{field: [messages]}`; issues about the whole body -> `{detail}`. */
export function validationBody(items: ValidationItem[]): ErrorBody {
  const fields: FieldErrors = {};
  let detail: string | undefined;
  for (const item of items) {
    const name = fieldName(item.instancePath);
    const message = item.message ?? 'Invalid value.';
    if (name === undefined) detail ??= message === genericMessages.required ? 'A JSON body is required.' : message;
    else (fields[name] ??= []).push(message);
  }
  if (Object.keys(fields).length > 0) return fields;
  return { detail: detail ?? 'Invalid request.' };
}

/** Fastify's own client errors (bad JSON, size, media type) keep their status with a message of ours. */
function frameworkError(error: FastifyError): HttpError | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new HttpError(415, { detail: genericMessages.unsupportedMediaType });
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new HttpError(413, { detail: genericMessages.bodyTooLarge });
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new HttpError(400, { detail: genericMessages.malformedJson });
  }
  if (error instanceof SyntaxError && error.statusCode === 400) {
    return new HttpError(400, { detail: genericMessages.malformedJson });
  }
  if (error.statusCode === 429) {
    const retryAfter = (error as { headers?: Record<string, string> }).headers?.['retry-after'];
    return new HttpError(
      429,
      { detail: genericMessages.tooManyRequests },
      retryAfter ? { 'retry-after': retryAfter } : {},
    );
  }
  if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
    return new HttpError(error.statusCode, {
      detail: error.statusCode === 404 ? genericMessages.notFound : 'Bad request.',
    });
  }
  return undefined;
}

export function toHttpError(error: unknown): HttpError | undefined {
  if (error instanceof HttpError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) return new HttpError(400, validationBody(error.validation));
  if (isDatabaseUnavailable(error) || (error as { code?: unknown } | null)?.code === 'FST_ERR_HANDLER_TIMEOUT') {
    return new HttpError(503, { detail: genericMessages.unavailable }, { 'retry-after': '5' });
  }
  if (error instanceof Error && 'statusCode' in error) return frameworkError(error as FastifyError);
  return undefined;
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(async (error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const answer = toHttpError(error);
    if (answer) {
      if (answer.status >= 500) request.log.warn({ err: error }, 'service unavailable');
      if (answer.status === 413) {
        // The body was refused unread: let the client finish sending it, so it reads this answer.
        await drainRequestBody(request.raw);
        reply.header('connection', 'close');
      }
      return reply.code(answer.status).headers(answer.headers).send(answer.body);
    }
    // A bug: log everything, show nothing of it.
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ detail: genericMessages.internal });
  });
}

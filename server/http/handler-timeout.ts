import { errorCodes, type FastifyInstance, type FastifyReply } from 'fastify';

/**
 * A request being handled is answered 503 after `ms`, whatever it waits on: what Fastify's
 * `handlerTimeout` option does, without its AbortController. Fastify gives every request an AbortController for
 * `request.signal` and aborts it when the request's 'close' event comes, which on a keep-alive connection comes
 * before the answer's 'finish' for every request: an AbortSignal, a listener and an abort() that builds a
 * DOMException with its stack trace, 14-16 us of CPU per request on this machine (ADR 010).
 * Nothing here reads `request.signal`, so one timer per request does the same job: the same error
 * (FST_ERR_HANDLER_TIMEOUT, which the error handler answers 503 with Retry-After), the same exceptions (an answer
 * already sent or hijacked is left alone; one whose headers are out is cut), cleared when the answer is finished.
 * A request whose client left meanwhile keeps its timer until it fires and finds the socket gone (unref'd: it does
 * not hold a stopping process).
 */
export function registerHandlerTimeout(app: FastifyInstance, ms: number): void {
  const timers = new WeakMap<FastifyReply, NodeJS.Timeout>();
  app.addHook('onRequest', (request, reply, done) => {
    const timer = setTimeout(() => {
      if (reply.sent || reply.raw.destroyed) return;
      const error = new errorCodes.FST_ERR_HANDLER_TIMEOUT(ms, request.routeOptions.url);
      // Headers (and maybe part of a stream) are out: a 503 cannot follow, the answer is cut instead.
      if (reply.raw.headersSent) reply.raw.destroy(error);
      else void reply.send(error);
    }, ms);
    // The timer of a request whose client left is never cleared (no answer, no onResponse): it must not keep a
    // stopping process alive for up to `ms` after its last connection closed. While the server listens, the
    // server itself keeps the process alive, so the timer still fires.
    timer.unref();
    timers.set(reply, timer);
    done();
  });
  app.addHook('onResponse', (_request, reply, done) => {
    clearTimeout(timers.get(reply));
    done();
  });
}

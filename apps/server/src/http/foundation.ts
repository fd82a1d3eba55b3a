import type { FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { registerAccess } from './access';
import { httpError, registerErrorHandling } from './errors';
import { zodValidatorCompiler } from './validation';

/** A JSON parser that treats an empty body as no body (clients send the JSON header on empty POSTs). */
const registerJsonParser = (app: FastifyInstance) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text) as unknown);
    } catch {
      done(httpError(400, 'invalid_json', 'JSON inválido'), undefined);
    }
  });
};

/**
 * JSON answers speak about the caller (their records, their token at login): no browser or proxy keeps them,
 * unless a route sets its own Cache-Control (files, GET /api/config).
 */
const registerNoStore = (app: FastifyInstance) => {
  app.addHook('onSend', async (_request, reply, payload) => {
    const type = reply.getHeader('content-type');
    if (
      typeof type === 'string' &&
      type.startsWith('application/json') &&
      !reply.hasHeader('cache-control')
    ) {
      void reply.header('cache-control', 'no-store');
    }
    return payload;
  });
};

/**
 * What every route stands on, installed before any plugin: errors in the contract's shape, the zod schemas
 * of each route as its validator (Portuguese 400s) and serializer, the JSON parser, no-store on JSON answers,
 * and route access.
 * Modules read `app.tokens` and `app.config`, so the instance must be decorated with them first.
 */
export const registerFoundation = (app: FastifyInstance) => {
  registerErrorHandling(app);
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerJsonParser(app);
  registerNoStore(app);
  registerAccess(app);
};

// The error handler's map from what was thrown to an answer in the route's family: the errors
// Fastify and libraries raise are the caller's (4xx, one log line without a stack); only the
// truly unexpected is a 500, logged with its stack.
import { PassThrough } from 'node:stream';
import Fastify, { errorCodes, type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorHandler } from './error-handler.js';
import { API_ERRORS, DASHBOARD_ERRORS, DASHBOARD_FIELD_TEXT, PRODUCT_TEXT, TRANSPORT_TEXT } from './lib/http/messages.js';
import { FORM_TEXT } from './form/messages.js';

const recurse = (n: number): number => recurse(n + 1) + 1;

const THROWN: Record<string, () => Error> = {
  'stack-overflow': () => {
    try {
      recurse(0);
    } catch (error) {
      return error as Error;
    }
    throw new Error('no overflow');
  },
  'content-length': () => new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH(),
  'media-type': () => new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE(),
  'too-large': () => new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE(),
  bug: () => new TypeError('cannot read properties of undefined'),
};

let app: FastifyInstance;
let logs = '';

beforeAll(async () => {
  const stream = new PassThrough();
  stream.on('data', (chunk) => (logs += chunk));
  app = Fastify({ logger: { level: 'info', stream } });
  app.setErrorHandler(errorHandler);
  for (const family of ['dashboard', 'api', 'product', 'form'] as const) {
    app.get<{ Params: { thrown: string } }>(`/${family}/:thrown`, { config: { family } }, async (request) => {
      throw THROWN[request.params.thrown]!();
    });
  }
  await app.ready();
});
afterAll(() => app.close());
beforeEach(() => {
  logs = '';
});

const answer = (url: string) => app.inject({ method: 'GET', url });

describe('errorHandler', () => {
  it('a stack overflow is the caller\'s deep input: 4xx in each family, no stack logged', async () => {
    const dashboard = await answer('/dashboard/stack-overflow');
    expect(dashboard.statusCode).toBe(422);
    expect(dashboard.json()).toMatchObject({ code: 'invalid_request', fields: { body: DASHBOARD_FIELD_TEXT.tooDeep } });
    const api = await answer('/api/stack-overflow');
    expect(api.json()).toMatchObject({ code: 'invalid_json', error: API_ERRORS.invalid_json.error });
    expect((await answer('/product/stack-overflow')).json()).toEqual({ error: PRODUCT_TEXT.invalidJson });
    const form = await answer('/form/stack-overflow');
    expect(form.statusCode).toBe(400);
    expect(form.body).toContain(FORM_TEXT.refused);
    expect(logs).not.toContain('"stack"');
    expect(logs).toContain('RangeError');
  });

  it("Fastify's own 4xx: a body shorter than its Content-Length is a body that cannot be read", async () => {
    const dashboard = await answer('/dashboard/content-length');
    expect(dashboard.statusCode).toBe(422);
    expect(dashboard.json()).toMatchObject({ code: 'invalid_request', fields: { body: DASHBOARD_FIELD_TEXT.notJson } });
    expect((await answer('/api/content-length')).statusCode).toBe(400);
    expect((await answer('/product/content-length')).json()).toEqual({ error: PRODUCT_TEXT.invalidJson });
    expect(logs).not.toContain('"stack"');
  });

  it('a Content-Type that names no media type is the dashboard\'s 415 and the form\'s 415 page; a body too large is 413 everywhere', async () => {
    const media = await answer('/dashboard/media-type');
    expect(media.statusCode).toBe(415);
    expect(media.json()).toMatchObject({ code: 'unsupported_media_type', error: DASHBOARD_ERRORS.unsupported_media_type.error });
    const page = await answer('/form/media-type');
    expect(page.statusCode).toBe(415);
    expect(page.body).toContain(FORM_TEXT.unsupportedMediaType);
    const product = await answer('/product/media-type');
    expect(product.statusCode).toBe(415);
    expect(product.json()).toEqual({ error: TRANSPORT_TEXT.unsupportedMediaType });
    expect((await answer('/product/too-large')).json()).toEqual({ error: TRANSPORT_TEXT.bodyTooLarge });
    expect((await answer('/api/too-large')).json()).toMatchObject({ code: 'body_too_large' });
    expect((await answer('/form/too-large')).statusCode).toBe(413);
    expect(logs).not.toContain('"stack"');
  });

  it('anything else is a 500 without internal text, logged with its stack', async () => {
    const res = await answer('/product/bug');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: TRANSPORT_TEXT.internalError });
    expect((await answer('/dashboard/bug')).json()).toMatchObject({ code: 'internal_error' });
    expect(logs).toContain('"stack"');
    expect(logs).toContain('"level":50');
  });
});

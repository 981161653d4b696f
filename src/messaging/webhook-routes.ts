// The providers' webhooks (issue 42 §2, §3; docs/messaging.md): Meta's `GET /webhooks/whatsapp`
// handshake and `POST /webhooks/whatsapp` (bodies up to 1 MiB, the signature checked over the raw
// bytes before anything is read). Each change goes to the store whose phone_number_id it names;
// an unknown one is passed over. Without the operator's Meta app (WHATSAPP_APP_SECRET and
// WHATSAPP_VERIFY_TOKEN) the paths do not exist (404). The log says how many statuses and
// messages came, never whose.
// Fonnte's `POST /webhooks/fonnte/{secret}`: the secret names the store (an unknown one: 404);
// JSON or a form; one message, status or device event a post, answered 200 once applied. The
// secret is in no log line: app.ts's request serializer rewrites the path, and nothing here logs
// it.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../context.js';
import { TRANSPORT_TEXT } from '../lib/http/messages.js';
import { applyStatus } from './apply-status.js';
import { builtInProvider, providerDeps } from './providers/built-in.js';
import { receiveMessage } from './receive-message.js';
import { metaSignatureOk, readWhatsAppWebhook } from './whatsapp-webhook.js';
import { FONNTE_WEBHOOK_PATH, readFonnteBody, readFonnteEvent } from './fonnte-webhook.js';
import { fonnteStoreOf, receiveFonnteEvent } from './receive-fonnte-event.js';

export const WHATSAPP_WEBHOOK_PATH = '/webhooks/whatsapp';
export const WEBHOOK_BODY_LIMIT = 1024 * 1024;

/** The answer of a path that names nothing (the app's own 404 for a path of no family). */
const notFound = (reply: FastifyReply) => reply.code(404).send({ error: TRANSPORT_TEXT.notFound });

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

export function providerWebhookRoutes(app: FastifyInstance, ctx: AppContext): void {
  // The raw bytes, in this scope only: the signature is over what Meta sent, not a re-encoding.
  app.register(async (instance) => {
    instance.removeAllContentTypeParsers();
    instance.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));

    instance.get(WHATSAPP_WEBHOOK_PATH, async (request, reply) => {
      const meta = ctx.config.whatsapp;
      if (!meta) return notFound(reply);
      const query = request.query as Record<string, unknown>;
      const token = query['hub.verify_token'];
      if (query['hub.mode'] !== 'subscribe' || typeof token !== 'string' || !sameText(token, meta.verifyToken)) {
        return reply.code(403).send({ error: 'forbidden' });
      }
      const challenge = query['hub.challenge'];
      return reply.code(200).type('text/plain; charset=utf-8').send(typeof challenge === 'string' ? challenge : '');
    });

    instance.post(WHATSAPP_WEBHOOK_PATH, { bodyLimit: WEBHOOK_BODY_LIMIT }, async (request, reply) => {
      const meta = ctx.config.whatsapp;
      if (!meta) return notFound(reply);
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['x-hub-signature-256'];
      if (!metaSignatureOk(raw, typeof signature === 'string' ? signature : undefined, meta.appSecret)) {
        request.log.warn({ provider: 'cloud_api' }, 'whatsapp webhook refused: invalid signature');
        return reply.code(401).send({ error: 'invalid_signature' });
      }
      let body: unknown;
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        return reply.code(400).send({ error: 'invalid_json' });
      }
      const { statuses, messages } = readWhatsAppWebhook(body, ctx.clock.now());
      const ids = [...new Set([...statuses, ...messages].map((x) => x.phoneNumberId))];
      const stores = ids.length === 0 ? [] : await ctx.db.selectFrom('messaging_settings').select(['tenant_id', 'cloud_phone_number_id']).where('cloud_phone_number_id', 'in', ids).execute();
      const tenantOf = new Map(stores.map((s) => [s.cloud_phone_number_id!, Number(s.tenant_id)]));
      let applied = 0;
      for (const status of statuses) {
        const tenantId = tenantOf.get(status.phoneNumberId);
        if (tenantId === undefined) continue;
        if (await applyStatus(ctx.writeTransaction, { tenantId, ...status })) applied += 1;
      }
      const provider = builtInProvider('cloud_api', providerDeps(ctx));
      let received = 0;
      for (const message of messages) {
        const tenantId = tenantOf.get(message.phoneNumberId);
        if (tenantId === undefined) continue;
        const outcome = await receiveMessage({ db: ctx.db, writeTransaction: ctx.writeTransaction, now: () => ctx.clock.now(), provider }, { tenantId, provider: 'cloud_api', ...message });
        if (outcome !== 'duplicate') received += 1;
      }
      request.log.info({ provider: 'cloud_api', statuses: statuses.length, applied, messages: messages.length, received }, 'whatsapp webhook');
      return reply.send({ ok: true });
    });

    instance.post(`${FONNTE_WEBHOOK_PATH}/:secret`, { bodyLimit: WEBHOOK_BODY_LIMIT }, async (request, reply) => {
      const { secret } = request.params as { secret: string };
      const tenantId = await fonnteStoreOf(ctx.db, secret);
      if (tenantId === null) return notFound(reply);
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const body = readFonnteBody(raw, request.headers['content-type']);
      if (!body) return reply.code(400).send({ error: 'invalid_body' });
      const event = readFonnteEvent(body, ctx.clock.now());
      const deps = { db: ctx.db, writeTransaction: ctx.writeTransaction, now: () => ctx.clock.now(), provider: builtInProvider('fonnte', providerDeps(ctx)) };
      const outcome = event ? await receiveFonnteEvent(deps, tenantId, event) : 'ignored';
      request.log.info({ provider: 'fonnte', event: event?.kind ?? 'other', outcome }, 'fonnte webhook');
      return reply.send({ ok: true });
    });
  });
}

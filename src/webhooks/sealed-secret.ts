// Webhook signing secrets are stored sealed (lib/secrets). Both columns, secret and
// previous_secret, are bound to "webhook_endpoints:secret:<tenant>": a rotation moves the
// sealed `secret` into `previous_secret` in SQL without opening it, and a value copied into
// another store's endpoint does not open.
import type { StoredSecret } from '../lib/secrets/sealer.js';

export const webhookSecretBinding = (tenantId: number) => `webhook_endpoints:secret:${tenantId}`;

export const storedWebhookSecret = (tenantId: number, stored: string): StoredSecret => ({ stored, binding: webhookSecretBinding(tenantId) });

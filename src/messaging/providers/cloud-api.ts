// The WhatsApp Cloud API (issue 42 §1; ../shared/reference/whatsapp.md §2, §4): `POST
// {WHATSAPP_API_BASE_URL}/{WHATSAPP_API_VERSION}/{phone_number_id}/messages` with the store's
// access token as a Bearer. The rendered text inside the 24-hour window, else the step's
// approved template with named parameters. Meta's error codes decide what follows:
// - again later: 4, 80007, 130429, 131056, HTTP 429, 5xx, no answer;
// - the store's sending stops (halt): 190 or HTTP 401, the token expired or was revoked;
// - never again: 131026 (not on WhatsApp), 131047 (window closed), 131050 (the buyer opted out),
//   131048, 131049, 368 and any other refusal.
import { postToProvider, retryAfterMs, storeToken, type MessagingProvider, type OutgoingMessage, type OutgoingTemplate, type ProviderDeps, type SendResult } from './provider.js';

const RETRY_CODES = new Set([4, 80007, 130429, 131056]);
const TOKEN_CODES = new Set([190]);

/** Meta rejects a parameter with a newline, a tab or more than 4 spaces in a row, or an empty one. */
export function sanitizeParam(text: string): string {
  const clean = text
    .replace(/[\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 700);
  return clean === '' ? '-' : clean;
}

/** The request body of one message, as the Cloud API documents it. */
export function cloudApiBody(phone: string, text: string, template: OutgoingTemplate | undefined): Record<string, unknown> {
  if (!template) return { messaging_product: 'whatsapp', recipient_type: 'individual', to: phone, type: 'text', text: { preview_url: true, body: text } };
  const parameters = template.params.map((p) => ({ type: 'text', parameter_name: p.name, text: sanitizeParam(p.text) }));
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: phone,
    type: 'template',
    template: { name: template.name, language: { code: template.language }, ...(parameters.length > 0 ? { components: [{ type: 'body', parameters }] } : {}) },
  };
}

interface MetaError {
  code: number | null;
  message: string;
}

function metaError(parsed: unknown): MetaError {
  const error = (parsed as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  return { code: typeof error?.code === 'number' ? error.code : null, message: typeof error?.message === 'string' ? error.message.slice(0, 200) : '' };
}

/** What a refusal means: Meta's code first, the HTTP status after. */
export function classifyCloudApiError(status: number, error: MetaError, retryAfter: number | null): Exclude<SendResult, { ok: true }> {
  const detail = `WhatsApp ${error.code ?? `HTTP ${status}`}${error.message ? `: ${error.message}` : ''}`;
  if ((error.code !== null && TOKEN_CODES.has(error.code)) || status === 401) return { ok: false, retry: true, error: detail, retryAfterMs: null, effect: 'halt' };
  if (error.code === 131026) return { ok: false, retry: false, error: detail, effect: 'not_on_whatsapp' };
  if (error.code === 131047) return { ok: false, retry: false, error: detail, effect: 'window_closed' };
  if (error.code === 131050) return { ok: false, retry: false, error: detail, effect: 'opt_out' };
  if ((error.code !== null && RETRY_CODES.has(error.code)) || status === 429 || status >= 500) return { ok: false, retry: true, error: detail, retryAfterMs: retryAfter };
  return { ok: false, retry: false, error: detail };
}

/** The store's Cloud API number id and token, or why it cannot send. */
async function credentials(deps: ProviderDeps, tenantId: number): Promise<{ phoneNumberId: string; token: string } | string> {
  const row = await deps.db.selectFrom('messaging_settings').select('cloud_phone_number_id').where('tenant_id', '=', tenantId).executeTakeFirst();
  if (!row?.cloud_phone_number_id) return 'phone_number_id belum diisi';
  const token = await storeToken(deps, tenantId, 'whatsapp_access_token');
  if (token === null) return 'token akses belum diisi';
  if (token === false) return 'token akses tidak bisa dibuka';
  return { phoneNumberId: row.cloud_phone_number_id, token };
}

export function cloudApiProvider(deps: ProviderDeps): MessagingProvider {
  return {
    name: 'cloud_api',
    async send(message: OutgoingMessage): Promise<SendResult> {
      const found = await credentials(deps, message.tenantId);
      if (typeof found === 'string') return { ok: false, retry: true, error: found, retryAfterMs: null, effect: 'halt' };
      const url = `${deps.config.whatsappApiBaseUrl}/${deps.config.whatsappApiVersion}/${encodeURIComponent(found.phoneNumberId)}/messages`;
      const answer = await postToProvider('WhatsApp', url, { authorization: `Bearer ${found.token}` }, cloudApiBody(message.phone, message.text, message.template));
      if (!('res' in answer)) return answer;
      const { res, parsed } = answer;
      if (!res.ok) return classifyCloudApiError(res.status, metaError(parsed), retryAfterMs(res.headers.get('retry-after'), deps.now()));
      const id = (parsed as { messages?: Array<{ id?: unknown }> } | null)?.messages?.[0]?.id;
      if (typeof id !== 'string' || id === '') return { ok: false, retry: true, error: 'WhatsApp: jawaban tanpa id pesan', retryAfterMs: null };
      return { ok: true, providerMessageId: id };
    },
  };
}

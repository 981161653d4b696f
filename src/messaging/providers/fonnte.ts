// Fonnte (issue 42 §3; reference/whatsapp.md §5): an unofficial gateway that sends through a
// phone linked by QR. What this relies on, from docs.fonnte.com ("API Send Message", the device
// APIs' refusals):
// - `POST {FONNTE_BASE_URL}/send`, form or JSON, with `Authorization: <device token>` (no
//   "Bearer"); `target` is the number, `message` the text, and `countryCode: "0"` leaves a number
//   already normalised (62...) as it is;
// - the answer is `{status, detail, id: [...], process, target: [...]}`; a refusal is
//   `{status: false, reason}` (some answers say `detail`), e.g. "token invalid", "invalid
//   device", "disconnected device".
// What follows a refusal: the token or the device (invalid, unknown, disconnected, expired) stops
// the store's sending until the device connects again or a new token is saved (halt); a quota or
// a limit is tried again later, as are no answer, HTTP 429 and 5xx; a bad target and anything
// else fail for good. The token is never in an error text (nor, through one, in a log).
import { postToProvider, retryAfterMs, storeToken, type MessagingProvider, type OutgoingMessage, type ProviderDeps, type SendResult } from './provider.js';

/** A refusal about the device or its token: nothing goes until it is connected again. */
const DEVICE_REFUSAL = /token|unknown user|invalid device|disconnect|not connected|device expired|expired device/i;
/** A refusal that passes with time. */
const LATER_REFUSAL = /quota|limit|too many|try again|wait/i;

/** The request body of one message, as Fonnte documents it. */
export const fonnteBody = (phone: string, text: string) => ({ target: phone, message: text, countryCode: '0' });

/** What a refusal means (`reason` is Fonnte's text, already without the token). */
export function classifyFonnteRefusal(status: number, reason: string, retryAfter: number | null): Exclude<SendResult, { ok: true }> {
  const detail = `Fonnte${reason ? `: ${reason}` : ` HTTP ${status}`}`;
  if (status === 401 || DEVICE_REFUSAL.test(reason)) return { ok: false, retry: true, error: detail, retryAfterMs: null, effect: 'halt' };
  if (status === 429 || status >= 500 || LATER_REFUSAL.test(reason)) return { ok: false, retry: true, error: detail, retryAfterMs: retryAfter };
  return { ok: false, retry: false, error: detail };
}

/** The store's device token, or why it cannot send. */
async function deviceToken(deps: ProviderDeps, tenantId: number): Promise<{ token: string } | string> {
  const token = await storeToken(deps, tenantId, 'fonnte_token');
  if (token === null) return 'token perangkat Fonnte belum diisi';
  if (token === false) return 'token perangkat Fonnte tidak bisa dibuka';
  return { token };
}

const field = (parsed: unknown, name: string): unknown => (typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>)[name] : undefined);

export function fonnteProvider(deps: ProviderDeps): MessagingProvider {
  return {
    name: 'fonnte',
    async send(message: OutgoingMessage): Promise<SendResult> {
      const found = await deviceToken(deps, message.tenantId);
      if (typeof found === 'string') return { ok: false, retry: true, error: found, retryAfterMs: null, effect: 'halt' };
      const { token } = found;
      const answer = await postToProvider('Fonnte', `${deps.config.fonnteBaseUrl}/send`, { authorization: token }, fonnteBody(message.phone, message.text));
      if (!('res' in answer)) return answer;
      const { res, parsed } = answer;
      const said = field(parsed, 'reason') ?? field(parsed, 'detail');
      const reason = typeof said === 'string' ? said.split(token).join('***').slice(0, 200) : '';
      const ids = field(parsed, 'id');
      const id = Array.isArray(ids) ? ids[0] : undefined;
      if (res.ok && field(parsed, 'status') === true && (typeof id === 'number' || (typeof id === 'string' && id !== ''))) return { ok: true, providerMessageId: String(id) };
      if (res.ok && field(parsed, 'status') === true) return { ok: false, retry: true, error: 'Fonnte: jawaban tanpa id pesan', retryAfterMs: null };
      // No readable answer (a proxy's error page, say): the message may or may not be out; try again.
      if (res.ok && field(parsed, 'status') !== false) return { ok: false, retry: true, error: `Fonnte: jawaban tidak terbaca (HTTP ${res.status})`, retryAfterMs: null };
      return classifyFonnteRefusal(res.status, reason, retryAfterMs(res.headers.get('retry-after'), deps.now()));
    },
  };
}

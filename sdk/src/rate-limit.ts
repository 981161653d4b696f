// The IETF rate-limit fields (draft-ietf-httpapi-ratelimit-headers-11) as Lapak sends them:
//   RateLimit-Policy: "key-minute";q=120;w=60
//   RateLimit: "key-minute";r=117;t=42
// The draft says a client MUST ignore malformed fields: a malformed item is skipped, never
// thrown. Unknown parameters (a vendor's `lapak-block=60`) are kept as strings.

export interface RateLimitPolicy {
  name: string;
  /** Requests allowed in the window (`q`). */
  quota: number;
  /** The window's width in seconds (`w`). */
  windowSeconds: number | null;
  params: Record<string, string>;
}

export interface RateLimitWindow {
  name: string;
  /** Requests left (`r`); 0 on the window that refused a 429. */
  remaining: number;
  /** Seconds until the window resets (`t`). */
  resetSeconds: number | null;
  params: Record<string, string>;
}

export interface RateLimitInfo {
  policies: RateLimitPolicy[];
  windows: RateLimitWindow[];
  /** `Retry-After` in seconds, when sent (it takes precedence over `t`). */
  retryAfter: number | null;
}

interface Item {
  name: string;
  params: Record<string, string>;
}

const NAME = /^"([^"\\]*)"$|^([A-Za-z*][A-Za-z0-9_\-.:%*/]*)$/;
const PARAM = /^([a-z*][a-z0-9_\-.*]*)=("(?:[^"\\]|\\.)*"|[^";,\s]+)$/;

function parseList(value: string | null): Item[] {
  if (!value) return [];
  const items: Item[] = [];
  for (const raw of value.split(',')) {
    const [head, ...rest] = raw.trim().split(';').map((part) => part.trim());
    const name = NAME.exec(head ?? '');
    if (!name) continue;
    const params: Record<string, string> = {};
    let wellFormed = true;
    for (const part of rest) {
      const param = PARAM.exec(part);
      if (!param) {
        wellFormed = false;
        break;
      }
      params[param[1]!] = param[2]!.replace(/^"|"$/g, '');
    }
    if (wellFormed) items.push({ name: name[1] ?? name[2]!, params });
  }
  return items;
}

const wholeNumber = (value: string | undefined): number | null => (value !== undefined && /^\d+$/.test(value) ? Number(value) : null);

/** Reads the fields from any response's headers. */
export function parseRateLimit(headers: Headers): RateLimitInfo {
  const policies: RateLimitPolicy[] = [];
  for (const item of parseList(headers.get('ratelimit-policy'))) {
    const quota = wholeNumber(item.params.q);
    if (quota === null) continue;
    policies.push({ name: item.name, quota, windowSeconds: wholeNumber(item.params.w), params: item.params });
  }
  const windows: RateLimitWindow[] = [];
  for (const item of parseList(headers.get('ratelimit'))) {
    const remaining = wholeNumber(item.params.r);
    if (remaining === null) continue;
    windows.push({ name: item.name, remaining, resetSeconds: wholeNumber(item.params.t), params: item.params });
  }
  return { policies, windows, retryAfter: parseRetryAfter(headers.get('retry-after')) };
}

/** Seconds; SPEC sends integers, HTTP also allows a date. Unreadable: null. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (value === null) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

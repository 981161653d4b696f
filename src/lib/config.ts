// The one place that reads process.env. Everything else receives the frozen Config.

export interface Config {
  readonly databaseUrl: string;
  /** Redis for the rate-limit windows (REDIS_URL); null: the windows live in PostgreSQL or in-process. */
  readonly redisUrl: string | null;
  /** Prefix of every Redis key Lapak writes (REDIS_KEY_PREFIX), so several deployments can share one Redis. */
  readonly redisKeyPrefix: string;
  readonly host: string;
  readonly port: number;
  readonly publicUrl: string;
  readonly timeZone: string;
  readonly rateLimitScale: number;
  readonly webhookHourlyCap: number;
  /** Run the webhook dispatcher inside `serve` (WEBHOOK_DISPATCHER, default on). */
  readonly webhookDispatcher: boolean;
  /** Run housekeeping inside `serve` (HOUSEKEEPING, default on). */
  readonly housekeeping: boolean;
  /** Run the change feed's counts consumer inside `serve` (COUNTS_CONSUMER, default on). */
  readonly countsConsumer: boolean;
  /** Run the change feed's live consumer inside `serve` (LIVE_CONSUMER, default on). */
  readonly liveConsumer: boolean;
  /** Run the bulk jobs' worker inside `serve` (BULK_JOBS, default on). */
  readonly bulkJobs: boolean;
  /** Run the messaging planner (a consumer of the change feed) inside `serve` (MESSAGE_PLANNER, default on). */
  readonly messagePlanner: boolean;
  /** Run the messaging sender inside `serve` (MESSAGE_SENDER, default on). */
  readonly messageSender: boolean;
  /** Run the auto-cancel worker inside `serve` (AUTO_CANCEL, default on; src/orders/auto-cancel/). */
  readonly autoCancel: boolean;
  /** Run the change feed's insights consumer inside `serve` (INSIGHTS_CONSUMER, default on; src/insights/). */
  readonly insightsConsumer: boolean;
  /** How long a change stays in the feed once every consumer has folded it (FEED_RETENTION_HOURS, default 24), in ms. */
  readonly feedRetentionMs: number;
  /** Allow http and private/loopback/link-local webhook targets (WEBHOOK_ALLOW_PRIVATE=1; development and tests only). */
  readonly webhookAllowPrivate: boolean;
  readonly trustProxy: boolean | string;
  readonly logLevel: string;
  readonly bodyLimit: number;
  /** Dashboard sign-up and store creation open to anyone (SIGNUP, default on; off: the operator creates owners with the CLI). */
  readonly signup: boolean;
  /** Base URL of the Midtrans Snap API (charges); MIDTRANS_BASE_URL. */
  readonly midtransBaseUrl: string;
  /** Base URL of the Xendit API (invoices); XENDIT_BASE_URL. */
  readonly xenditBaseUrl: string;
  /** The operator's one Meta app (issue 42; docs/messaging.md): null without WHATSAPP_APP_SECRET and WHATSAPP_VERIFY_TOKEN (the webhook answers 404, `cloud_api` cannot be chosen). */
  readonly whatsapp: { readonly appSecret: string; readonly verifyToken: string } | null;
  /** The Graph API's base (WHATSAPP_API_BASE_URL) and version (WHATSAPP_API_VERSION). */
  readonly whatsappApiBaseUrl: string;
  readonly whatsappApiVersion: string;
  /** Base URL of Fonnte's API (FONNTE_BASE_URL). */
  readonly fonnteBaseUrl: string;
  /** The key that seals stored secrets (LAPAK_SECRET_KEY, 32 bytes in base64); null: the key file beside an SQLite database (lib/secrets/key-source.ts). */
  readonly secretKey: Buffer | null;
  /** The key being replaced (LAPAK_SECRET_KEY_OLD): opens values it sealed, during and for `lapak secrets rotate`. */
  readonly secretKeyOld: Buffer | null;
  /** Directory of product image files (IMAGE_DIR); null: beside the SQLite file, or the image_blobs table on PostgreSQL. */
  readonly imageDir: string | null;
  /** The live orders stream (docs/deploy.md): its heartbeat (ORDER_STREAM_HEARTBEAT_MS, default 25 s), its session check (ORDER_STREAM_RECHECK_MS, at most and default 60 s), the SQLite poll of changes (ORDER_STREAM_POLL_MS, default 500 ms). */
  readonly orderStream: { readonly heartbeatMs: number; readonly recheckMs: number; readonly pollMs: number };
  /** How often each API process writes the form views it counted (FORM_VIEWS_FLUSH_SECONDS, default 5, at most 300), in ms: a crash loses at most this much. */
  readonly formViewsFlushMs: number;
}

export class ConfigError extends Error {}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

type Env = Record<string, string | undefined>;

function positiveNumber(env: Env, name: string, fallback: number, integer: boolean): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0 || (integer && !Number.isInteger(value))) {
    throw new ConfigError(`${name} must be a positive ${integer ? 'integer' : 'number'}, got "${raw}"`);
  }
  return value;
}

function timeZone(raw: string): string {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: raw });
  } catch {
    throw new ConfigError(`TZ must be an IANA time zone such as Asia/Jakarta, got "${raw}"`);
  }
  return raw;
}

// TRUST_PROXY: unset/false = use the socket address; true = trust every hop;
// otherwise a comma-separated list of proxy addresses or CIDR ranges.
function trustProxy(raw: string | undefined): boolean | string {
  if (raw === undefined || raw === '' || raw === 'false') return false;
  if (raw === 'true') return true;
  return raw;
}

function flag(env: Env, name: string, fallback: boolean, on: string, off: string): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (raw === on) return true;
  if (raw === off) return false;
  throw new ConfigError(`${name} must be ${on} or ${off}, got "${raw}"`);
}

function httpUrl(env: Env, name: string, fallback: string): string {
  const raw = (env[name] || fallback).replace(/\/+$/, '');
  if (!URL.canParse(raw) || !/^https?:/.test(raw)) throw new ConfigError(`${name} must be an http(s) URL, got "${raw}"`);
  return raw;
}

/** 32 bytes in standard base64; the message never repeats the value. */
export function secretKey(raw: string | undefined, name: string): Buffer | null {
  if (raw === undefined || raw.trim() === '') return null;
  const text = raw.trim();
  const key = /^[A-Za-z0-9+/]+={0,2}$/.test(text) && text.length % 4 === 0 ? Buffer.from(text, 'base64') : null;
  if (!key || key.length !== 32) {
    throw new ConfigError(`${name} must be 32 bytes in base64 (make one with: openssl rand -base64 32)${key ? `, got ${key.length} bytes` : ', got text that is not base64'}`);
  }
  return key;
}

export function loadConfig(env: Env = process.env): Config {
  const port = positiveNumber(env, 'PORT', 3000, true);
  if (port > 65535) throw new ConfigError(`PORT must be at most 65535, got "${port}"`);
  const host = env.HOST || '127.0.0.1';
  const config: Config = {
    databaseUrl: env.DATABASE_URL || 'sqlite:data/lapak.db',
    redisUrl: env.REDIS_URL || null,
    redisKeyPrefix: env.REDIS_KEY_PREFIX || 'lapak:',
    host,
    port,
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    timeZone: timeZone(env.TZ || 'Asia/Jakarta'),
    rateLimitScale: positiveNumber(env, 'RATE_LIMIT_SCALE', 1, false),
    webhookHourlyCap: positiveNumber(env, 'WEBHOOK_OUT_HOURLY_CAP', 3000, true),
    webhookDispatcher: flag(env, 'WEBHOOK_DISPATCHER', true, 'on', 'off'),
    housekeeping: flag(env, 'HOUSEKEEPING', true, 'on', 'off'),
    countsConsumer: flag(env, 'COUNTS_CONSUMER', true, 'on', 'off'),
    liveConsumer: flag(env, 'LIVE_CONSUMER', true, 'on', 'off'),
    bulkJobs: flag(env, 'BULK_JOBS', true, 'on', 'off'),
    messagePlanner: flag(env, 'MESSAGE_PLANNER', true, 'on', 'off'),
    messageSender: flag(env, 'MESSAGE_SENDER', true, 'on', 'off'),
    autoCancel: flag(env, 'AUTO_CANCEL', true, 'on', 'off'),
    insightsConsumer: flag(env, 'INSIGHTS_CONSUMER', true, 'on', 'off'),
    feedRetentionMs: positiveNumber(env, 'FEED_RETENTION_HOURS', 24, false) * 3_600_000,
    webhookAllowPrivate: flag(env, 'WEBHOOK_ALLOW_PRIVATE', false, '1', '0'),
    trustProxy: trustProxy(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL || 'info',
    bodyLimit: positiveNumber(env, 'BODY_LIMIT', 64 * 1024, true),
    signup: flag(env, 'SIGNUP', true, 'on', 'off'),
    midtransBaseUrl: httpUrl(env, 'MIDTRANS_BASE_URL', 'https://app.midtrans.com'),
    xenditBaseUrl: httpUrl(env, 'XENDIT_BASE_URL', 'https://api.xendit.co'),
    whatsapp: env.WHATSAPP_APP_SECRET && env.WHATSAPP_VERIFY_TOKEN ? Object.freeze({ appSecret: env.WHATSAPP_APP_SECRET, verifyToken: env.WHATSAPP_VERIFY_TOKEN }) : null,
    whatsappApiBaseUrl: httpUrl(env, 'WHATSAPP_API_BASE_URL', 'https://graph.facebook.com'),
    whatsappApiVersion: env.WHATSAPP_API_VERSION || 'v23.0',
    fonnteBaseUrl: httpUrl(env, 'FONNTE_BASE_URL', 'https://api.fonnte.com'),
    secretKey: secretKey(env.LAPAK_SECRET_KEY, 'LAPAK_SECRET_KEY'),
    secretKeyOld: secretKey(env.LAPAK_SECRET_KEY_OLD, 'LAPAK_SECRET_KEY_OLD'),
    imageDir: env.IMAGE_DIR || null,
    orderStream: Object.freeze({
      heartbeatMs: positiveNumber(env, 'ORDER_STREAM_HEARTBEAT_MS', 25_000, true),
      recheckMs: positiveNumber(env, 'ORDER_STREAM_RECHECK_MS', 60_000, true),
      pollMs: positiveNumber(env, 'ORDER_STREAM_POLL_MS', 500, true),
    }),
    formViewsFlushMs: Math.round(positiveNumber(env, 'FORM_VIEWS_FLUSH_SECONDS', 5, false) * 1000),
  };
  // The issue's promise: a session that ends elsewhere ends its streams within a minute.
  if (config.orderStream.recheckMs > 60_000) throw new ConfigError(`ORDER_STREAM_RECHECK_MS must be at most 60000, got "${config.orderStream.recheckMs}"`);
  // The promise of docs/insights.md: a crash loses at most a few seconds of views.
  if (config.formViewsFlushMs > 300_000) throw new ConfigError(`FORM_VIEWS_FLUSH_SECONDS must be at most 300, got "${env.FORM_VIEWS_FLUSH_SECONDS}"`);
  if (!/^v\d{1,3}\.\d{1,2}$/.test(config.whatsappApiVersion)) {
    throw new ConfigError(`WHATSAPP_API_VERSION must look like v23.0, got "${config.whatsappApiVersion}"`);
  }
  if (!LOG_LEVELS.includes(config.logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${config.logLevel}"`);
  }
  if (!URL.canParse(config.publicUrl) || !/^https?:/.test(config.publicUrl)) {
    throw new ConfigError(`PUBLIC_URL must be an http(s) URL, got "${config.publicUrl}"`);
  }
  if (!/^(sqlite:|postgres:\/\/|postgresql:\/\/)/.test(config.databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with sqlite: or postgres://');
  }
  if (config.redisUrl !== null && (!URL.canParse(config.redisUrl) || !/^rediss?:\/\//.test(config.redisUrl))) {
    throw new ConfigError('REDIS_URL must start with redis:// or rediss://');
  }
  if (!/^[A-Za-z0-9:_.-]{1,64}$/.test(config.redisKeyPrefix)) {
    throw new ConfigError(`REDIS_KEY_PREFIX must be 1 to 64 characters from A-Z a-z 0-9 : _ . -, got "${config.redisKeyPrefix}"`);
  }
  return Object.freeze(config);
}

import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig defaults', () => {
  it('an empty environment gives the documented defaults, frozen', () => {
    const config = loadConfig({});
    expect(config).toEqual({
      databaseUrl: 'sqlite:data/lapak.db',
      redisUrl: null,
      redisKeyPrefix: 'lapak:',
      host: '127.0.0.1',
      port: 3000,
      publicUrl: 'http://localhost:3000',
      timeZone: 'Asia/Jakarta',
      rateLimitScale: 1,
      webhookHourlyCap: 3000,
      webhookDispatcher: true,
      housekeeping: true,
      countsConsumer: true,
      bulkJobs: true,
      messagePlanner: true,
      messageSender: true,
      autoCancel: true,
      insightsConsumer: true,
      liveConsumer: true,
      feedRetentionMs: 24 * 3_600_000,
      webhookAllowPrivate: false,
      signup: true,
      trustProxy: false,
      logLevel: 'info',
      bodyLimit: 64 * 1024,
      midtransBaseUrl: 'https://app.midtrans.com',
      xenditBaseUrl: 'https://api.xendit.co',
      whatsapp: null,
      whatsappApiBaseUrl: 'https://graph.facebook.com',
      whatsappApiVersion: 'v23.0',
      fonnteBaseUrl: 'https://api.fonnte.com',
      secretKey: null,
      secretKeyOld: null,
      imageDir: null,
      orderStream: { heartbeatMs: 25_000, recheckMs: 60_000, pollMs: 500 },
      formViewsFlushMs: 5_000,
    });
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('empty strings count as unset', () => {
    const config = loadConfig({ DATABASE_URL: '', TZ: '', RATE_LIMIT_SCALE: '', WEBHOOK_OUT_HOURLY_CAP: '', PORT: '', PUBLIC_URL: '', TRUST_PROXY: '' });
    expect(config).toMatchObject({ databaseUrl: 'sqlite:data/lapak.db', timeZone: 'Asia/Jakarta', rateLimitScale: 1, webhookHourlyCap: 3000, port: 3000, trustProxy: false });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u@db:5432/lapak',
      REDIS_URL: 'redis://:pw@cache:6379/2',
      REDIS_KEY_PREFIX: 'toko-a:',
      HOST: '0.0.0.0',
      PORT: '8080',
      PUBLIC_URL: 'https://toko.example//',
      TZ: 'Asia/Makassar',
      RATE_LIMIT_SCALE: '0.5',
      WEBHOOK_OUT_HOURLY_CAP: '100',
      WEBHOOK_DISPATCHER: 'off',
      HOUSEKEEPING: 'off',
      COUNTS_CONSUMER: 'off',
      BULK_JOBS: 'off',
      MESSAGE_PLANNER: 'off',
      MESSAGE_SENDER: 'off',
      AUTO_CANCEL: 'off',
      INSIGHTS_CONSUMER: 'off',
      LIVE_CONSUMER: 'off',
      FEED_RETENTION_HOURS: '2',
      WEBHOOK_ALLOW_PRIVATE: '1',
      SIGNUP: 'off',
      TRUST_PROXY: '10.0.0.0/8',
      LOG_LEVEL: 'warn',
      BODY_LIMIT: '1024',
      MIDTRANS_BASE_URL: 'https://app.sandbox.midtrans.com/',
      XENDIT_BASE_URL: 'http://127.0.0.1:9000',
      WHATSAPP_APP_SECRET: 'app-secret',
      WHATSAPP_VERIFY_TOKEN: 'verify-me',
      WHATSAPP_API_BASE_URL: 'http://127.0.0.1:9001/',
      WHATSAPP_API_VERSION: 'v22.0',
      FONNTE_BASE_URL: 'http://127.0.0.1:9002',
      LAPAK_SECRET_KEY: Buffer.alloc(32, 1).toString('base64'),
      LAPAK_SECRET_KEY_OLD: ` ${Buffer.alloc(32, 2).toString('base64')}\n`,
      IMAGE_DIR: '/srv/shared/lapak-images',
      ORDER_STREAM_HEARTBEAT_MS: '1000',
      ORDER_STREAM_RECHECK_MS: '2000',
      ORDER_STREAM_POLL_MS: '100',
      FORM_VIEWS_FLUSH_SECONDS: '2.5',
    });
    expect(config).toEqual({
      databaseUrl: 'postgres://u@db:5432/lapak',
      redisUrl: 'redis://:pw@cache:6379/2',
      redisKeyPrefix: 'toko-a:',
      host: '0.0.0.0',
      port: 8080,
      publicUrl: 'https://toko.example',
      timeZone: 'Asia/Makassar',
      rateLimitScale: 0.5,
      webhookHourlyCap: 100,
      webhookDispatcher: false,
      housekeeping: false,
      countsConsumer: false,
      bulkJobs: false,
      messagePlanner: false,
      messageSender: false,
      autoCancel: false,
      insightsConsumer: false,
      liveConsumer: false,
      feedRetentionMs: 2 * 3_600_000,
      webhookAllowPrivate: true,
      signup: false,
      trustProxy: '10.0.0.0/8',
      logLevel: 'warn',
      bodyLimit: 1024,
      midtransBaseUrl: 'https://app.sandbox.midtrans.com',
      xenditBaseUrl: 'http://127.0.0.1:9000',
      whatsapp: { appSecret: 'app-secret', verifyToken: 'verify-me' },
      whatsappApiBaseUrl: 'http://127.0.0.1:9001',
      whatsappApiVersion: 'v22.0',
      fonnteBaseUrl: 'http://127.0.0.1:9002',
      secretKey: Buffer.alloc(32, 1),
      secretKeyOld: Buffer.alloc(32, 2),
      imageDir: '/srv/shared/lapak-images',
      orderStream: { heartbeatMs: 1000, recheckMs: 2000, pollMs: 100 },
      formViewsFlushMs: 2_500,
    });
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ DATABASE_URL: 'postgresql://x/y' }).databaseUrl).toBe('postgresql://x/y');
    expect(loadConfig({ DATABASE_URL: 'sqlite::memory:' }).databaseUrl).toBe('sqlite::memory:');
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  });
});

describe('loadConfig errors name the variable and the bad value', () => {
  const fails = (env: Record<string, string>, message: RegExp) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  };

  it('FORM_VIEWS_FLUSH_SECONDS is a positive number of seconds, at most 300 (a crash loses at most that many seconds of views)', () => {
    fails({ FORM_VIEWS_FLUSH_SECONDS: '301' }, /FORM_VIEWS_FLUSH_SECONDS must be at most 300, got "301"/);
    fails({ FORM_VIEWS_FLUSH_SECONDS: '0' }, /FORM_VIEWS_FLUSH_SECONDS must be a positive number, got "0"/);
    fails({ FORM_VIEWS_FLUSH_SECONDS: 'soon' }, /FORM_VIEWS_FLUSH_SECONDS must be a positive number, got "soon"/);
    expect(loadConfig({ FORM_VIEWS_FLUSH_SECONDS: '300' }).formViewsFlushMs).toBe(300_000);
  });

  it('ORDER_STREAM_RECHECK_MS over a minute is refused (a session that ends elsewhere ends its streams within one)', () => {
    fails({ ORDER_STREAM_RECHECK_MS: '60001' }, /ORDER_STREAM_RECHECK_MS must be at most 60000, got "60001"/);
    fails({ ORDER_STREAM_HEARTBEAT_MS: '0' }, /ORDER_STREAM_HEARTBEAT_MS must be a positive integer, got "0"/);
  });

  it.each(['0', '-1', 'abc', 'Infinity', 'NaN', '1e999'])('RATE_LIMIT_SCALE=%s is refused (a positive number is required)', (value) => {
    fails({ RATE_LIMIT_SCALE: value }, new RegExp(`RATE_LIMIT_SCALE must be a positive number, got "${value}"`));
  });

  it.each(['0', '-5', '2.5', 'many', 'Infinity'])('WEBHOOK_OUT_HOURLY_CAP=%s is refused', (value) => {
    fails({ WEBHOOK_OUT_HOURLY_CAP: value }, new RegExp(`WEBHOOK_OUT_HOURLY_CAP must be a positive integer, got "${value}"`));
  });

  it.each(['true', 'yes', 'ON', '0'])('WEBHOOK_DISPATCHER=%s is refused (on or off)', (value) => {
    fails({ WEBHOOK_DISPATCHER: value }, new RegExp(`WEBHOOK_DISPATCHER must be on or off, got "${value}"`));
  });

  it.each(['true', 'no', 'OFF', '0'])('HOUSEKEEPING=%s is refused (on or off)', (value) => {
    fails({ HOUSEKEEPING: value }, new RegExp(`HOUSEKEEPING must be on or off, got "${value}"`));
  });

  it.each(['true', 'no', '0'])('SIGNUP=%s is refused (on or off)', (value) => {
    fails({ SIGNUP: value }, new RegExp(`SIGNUP must be on or off, got "${value}"`));
  });

  it.each(['true', 'yes', '2'])('WEBHOOK_ALLOW_PRIVATE=%s is refused (1 or 0)', (value) => {
    fails({ WEBHOOK_ALLOW_PRIVATE: value }, new RegExp(`WEBHOOK_ALLOW_PRIVATE must be 1 or 0, got "${value}"`));
  });

  it.each(['0', '-1', '80.5', 'http'])('PORT=%s is refused', (value) => {
    fails({ PORT: value }, /PORT must be a positive integer/);
  });

  it('BODY_LIMIT must be a positive integer', () => {
    fails({ BODY_LIMIT: '0' }, /BODY_LIMIT must be a positive integer, got "0"/);
  });

  it.each(['Mars/Olympus', 'Jakarta', 'GMT+99'])('TZ=%s is refused', (value) => {
    fails({ TZ: value }, new RegExp(`TZ must be an IANA time zone such as Asia/Jakarta, got "${value.replace('+', '\\+')}"`));
  });

  it.each(['localhost:6379', 'http://cache:6379', 'redis:/x'])('REDIS_URL=%s is refused, without echoing it (it may hold a password)', (value) => {
    fails({ REDIS_URL: value }, /^REDIS_URL must start with redis:\/\/ or rediss:\/\/$/);
  });

  it.each(['a b', 'x'.repeat(65), 'pre{fix}'])('REDIS_KEY_PREFIX=%s is refused', (value) => {
    fails({ REDIS_KEY_PREFIX: value }, /REDIS_KEY_PREFIX must be 1 to 64 characters/);
  });

  it.each(['mysql://localhost/lapak', 'data/lapak.db', 'http://db', 'SQLITE:x.db'])('DATABASE_URL=%s is refused', (value) => {
    fails({ DATABASE_URL: value }, /DATABASE_URL must start with sqlite: or postgres:\/\//);
  });
});

describe('loadConfig: more refusals', () => {
  it('refuses an out-of-range PORT, a PUBLIC_URL that is not http(s), and an unknown LOG_LEVEL', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => loadConfig({ PUBLIC_URL: 'not a url' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
    expect(() => loadConfig({ MIDTRANS_BASE_URL: 'ftp://x' })).toThrow(/MIDTRANS_BASE_URL must be an http\(s\) URL/);
    expect(() => loadConfig({ WHATSAPP_API_VERSION: '23' })).toThrow(/WHATSAPP_API_VERSION must look like v23.0/);
    expect(() => loadConfig({ FONNTE_BASE_URL: 'api.fonnte.com' })).toThrow(/FONNTE_BASE_URL must be an http\(s\) URL/);
    // The Meta app needs both: one alone is no app.
    expect(loadConfig({ WHATSAPP_APP_SECRET: 's' }).whatsapp).toBeNull();
    expect(loadConfig({}).whatsappApiBaseUrl).toBe('https://graph.facebook.com');
    expect(loadConfig({}).whatsappApiVersion).toBe('v23.0');
    expect(() => loadConfig({ XENDIT_BASE_URL: 'nope' })).toThrow(/XENDIT_BASE_URL must be an http\(s\) URL/);
  });
});

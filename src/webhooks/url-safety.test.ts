import { describe, expect, it } from 'vitest';
import { safeLookup } from './safe-lookup.js';
import { checkEndpointUrl, isPublicAddress, parseEndpointUrl, resolvePublicAddresses, type Resolver } from './url-safety.js';

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1', '127.255.255.254', '10.0.0.1', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1',
    '0.0.0.0', '224.0.0.1', '255.255.255.255', '192.0.2.1',
    '::1', '::', 'fe80::1', 'fe80::abcd:1234', 'fc00::1', 'fd12:3456::1', 'ff02::1',
    '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.1.2.3', '::ffff:a9fe:a9fe', '64:ff9b::7f00:1', '::127.0.0.1',
    'not-an-address', '',
  ])('%s is refused', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '::ffff:808:808', '2a00:1450:4001::200e'])(
    '%s is public',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );
});

describe('parseEndpointUrl', () => {
  it('requires https, unless private targets are allowed (then http too)', () => {
    expect(parseEndpointUrl('http://hooks.example.com/x', false)).toEqual({ ok: false, code: 'url_not_https', message: 'url must use https' });
    expect(parseEndpointUrl('http://hooks.example.com/x', true).ok).toBe(true);
    expect(parseEndpointUrl('ftp://hooks.example.com/x', true)).toEqual({ ok: false, code: 'url_not_https', message: 'url must use https' });
    expect(parseEndpointUrl('https://hooks.example.com/x#frag', false)).toMatchObject({ ok: true });
  });

  it('refuses credentials, relative and over-long URLs', () => {
    expect(parseEndpointUrl('https://user:pw@hooks.example.com/', false)).toEqual({ ok: false, code: 'url_has_credentials', message: 'url must not contain a user name or password' });
    expect(parseEndpointUrl('/hooks', false)).toEqual({ ok: false, code: 'invalid_url', message: 'url is not a valid absolute URL' });
    expect(parseEndpointUrl(`https://hooks.example.com/${'a'.repeat(2048)}`, false)).toEqual({ ok: false, code: 'url_too_long', message: 'url is longer than 2048 characters' });
  });
});

describe('checks against DNS', () => {
  const fake = (answers: Record<string, string[]>): Resolver => async (host) => {
    const found = answers[host];
    if (!found) throw new Error('ENOTFOUND');
    return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  const resolver = fake({
    'good.example': ['93.184.216.34', '2606:2800:220:1::1'],
    'internal.example': ['10.0.0.7'],
    'mixed.example': ['93.184.216.34', '127.0.0.1'],
    'v6local.example': ['fe80::1'],
  });

  it('accepts a name only when every address is public', async () => {
    expect(await resolvePublicAddresses('good.example', resolver)).toMatchObject({ ok: true });
    expect(await resolvePublicAddresses('internal.example', resolver)).toEqual({ ok: false, code: 'host_not_public', message: 'host internal.example resolves to a private, loopback or link-local address (10.0.0.7)' });
    expect(await resolvePublicAddresses('mixed.example', resolver)).toMatchObject({ ok: false });
    expect(await resolvePublicAddresses('v6local.example', resolver)).toMatchObject({ ok: false });
    expect(await resolvePublicAddresses('missing.example', resolver)).toEqual({ ok: false, code: 'host_unresolved', message: 'host missing.example does not resolve' });
    expect(await resolvePublicAddresses('169.254.169.254', resolver)).toMatchObject({ ok: false });
  });

  it('the save check refuses private targets unless WEBHOOK_ALLOW_PRIVATE is set', async () => {
    for (const url of ['https://internal.example/h', 'https://127.0.0.1/h', 'https://[::1]/h', 'https://[::ffff:192.168.0.1]/h', 'https://169.254.169.254/latest', 'https://localhost.invalid/h']) {
      expect((await checkEndpointUrl(url, { allowPrivate: false, resolver })).ok, url).toBe(false);
      expect((await checkEndpointUrl(url.replace('https', 'http'), { allowPrivate: true, resolver })).ok, url).toBe(true);
    }
    expect(await checkEndpointUrl('https://good.example/h', { allowPrivate: false, resolver })).toMatchObject({ ok: true });
  });

  it('the connection lookup hands the socket exactly the checked address, and refuses the rest', async () => {
    const lookup = safeLookup(resolver);
    const call = (host: string, options: { all?: boolean; family?: number }) =>
      new Promise<{ err: (Error & { code?: string }) | null; address: unknown; family?: number }>((resolve) =>
        lookup(host, options, (err, address, family) => resolve({ err, address, family })),
      );
    expect(await call('good.example', {})).toEqual({ err: null, address: '93.184.216.34', family: 4 });
    expect(await call('good.example', { family: 6 })).toEqual({ err: null, address: '2606:2800:220:1::1', family: 6 });
    expect(await call('good.example', { all: true })).toEqual({
      err: null,
      address: [{ address: '93.184.216.34', family: 4 }, { address: '2606:2800:220:1::1', family: 6 }],
      family: undefined,
    });
    const refused = await call('mixed.example', {});
    expect(refused.err?.code).toBe('ELAPAK_ADDRESS_REFUSED');
    expect((await call('missing.example', {})).err?.code).toBe('ELAPAK_ADDRESS_REFUSED');
  });
});

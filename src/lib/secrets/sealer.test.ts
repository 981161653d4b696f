import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSealer, isSealed, keyIdOf, sealedKeyId, SEALED_PREFIX } from './sealer.js';

const key = randomBytes(32);
const other = randomBytes(32);
const BINDING = 'store_settings:midtrans_server_key:7';

describe('sealer', () => {
  it('seals to a prefixed line naming the key id, and opens it again', () => {
    const sealer = createSealer(key);
    const sealed = sealer.seal('SB-Mid-server-abc', BINDING);
    expect(sealed.startsWith(SEALED_PREFIX)).toBe(true);
    expect(isSealed(sealed)).toBe(true);
    expect(sealedKeyId(sealed)).toBe(keyIdOf(key));
    expect(sealed).not.toContain('SB-Mid-server-abc');
    expect(sealer.open(sealed, BINDING)).toEqual({ ok: true, value: 'SB-Mid-server-abc' });
  });

  it('uses a fresh IV for every value: the same secret seals differently each time', () => {
    const sealer = createSealer(key);
    const a = sealer.seal('same', BINDING);
    const b = sealer.seal('same', BINDING);
    expect(a).not.toBe(b);
    expect(a.split(':')[3]).not.toBe(b.split(':')[3]);
    expect(Buffer.from(a.split(':')[3]!, 'base64url')).toHaveLength(12);
  });

  it('refuses a value bound to another row (AES-GCM additional data)', () => {
    const sealer = createSealer(key);
    const sealed = sealer.seal('secret', BINDING);
    expect(sealer.open(sealed, 'store_settings:midtrans_server_key:8')).toEqual({
      ok: false, code: 'secret_unreadable', message: 'the stored secret does not open: it was changed or copied from another row',
    });
    expect(sealer.open(sealed, 'store_settings:xendit_secret_key:7').ok).toBe(false);
  });

  it('refuses a value of a key it does not hold, naming the key id', () => {
    const sealed = createSealer(other).seal('secret', BINDING);
    expect(createSealer(key).open(sealed, BINDING)).toEqual({
      ok: false, code: 'secret_unreadable', message: `the stored secret was sealed with key ${keyIdOf(other)}, which LAPAK_SECRET_KEY is not`,
    });
  });

  it('a wrong key that claims the right key id still does not open', () => {
    const sealed = createSealer(key).seal('secret', BINDING);
    const forged = sealed.replace(keyIdOf(key), keyIdOf(other));
    expect(createSealer(other).open(forged, BINDING)).toMatchObject({ ok: false, message: 'the stored secret does not open: it was changed or copied from another row' });
  });

  it('opens with an older key it holds, and seals only with the current one', () => {
    const oldSealed = createSealer(other).seal('secret', BINDING);
    const both = createSealer(key, [other]);
    expect(both.open(oldSealed, BINDING)).toEqual({ ok: true, value: 'secret' });
    expect(sealedKeyId(both.seal('x', BINDING))).toBe(keyIdOf(key));
    expect(both.keyId).toBe(keyIdOf(key));
  });

  it('refuses a changed ciphertext, a damaged line and plain text', () => {
    const sealer = createSealer(key);
    const sealed = sealer.seal('secret', BINDING);
    const parts = sealed.split(':');
    const body = Buffer.from(parts[4]!, 'base64url');
    body[0]! ^= 1;
    parts[4] = body.toString('base64url');
    expect(sealer.open(parts.join(':'), BINDING).ok).toBe(false);
    expect(sealer.open(`${sealed}:extra`, BINDING)).toMatchObject({ ok: false, message: 'the stored secret is damaged' });
    expect(sealer.open('plain-secret', BINDING)).toMatchObject({ ok: false, message: expect.stringContaining('not sealed') });
  });

  it('refuses keys that are not 32 bytes', () => {
    expect(() => createSealer(randomBytes(16))).toThrow('32 bytes');
  });
});

import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateKey, hashKey, isWellFormedKey, keyMarker } from './api-key.js';

describe('API key format (SPEC "API key")', () => {
  it('generated keys are lpk_ + 48 lowercase hex, 52 characters, all different', () => {
    const keys = Array.from({ length: 200 }, generateKey);
    for (const key of keys) {
      expect(key).toMatch(/^lpk_[0-9a-f]{48}$/);
      expect(key).toHaveLength(52);
      expect(isWellFormedKey(key)).toBe(true);
    }
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('anything else is malformed', () => {
    const hex = 'ab'.repeat(24);
    for (const value of [`lpk_${hex.toUpperCase()}`, `lpk_${hex.slice(1)}`, `lpk_${hex}a`, `LPK_${hex}`, `lpx_${hex}`, hex, `lpk_${hex}\n`, ` lpk_${hex}`, '']) {
      expect(isWellFormedKey(value), JSON.stringify(value)).toBe(false);
    }
  });

  it('is stored as its SHA-256 hex digest; the marker is its first 12 characters', () => {
    const key = generateKey();
    expect(hashKey(key)).toBe(createHash('sha256').update(key).digest('hex'));
    expect(hashKey(key)).not.toContain(key.slice(4));
    expect(keyMarker(key)).toBe(key.slice(0, 12));
    expect(keyMarker(key)).toHaveLength(12);
  });
});

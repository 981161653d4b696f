import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { requestIds } from './request-id.js';

describe('request ids', () => {
  it('cuts 1,024 ids of 8 hex digits from each random buffer, in order', () => {
    const sizes: number[] = [];
    const buffers: Buffer[] = [];
    const next = requestIds((size) => {
      sizes.push(size);
      const buffer = randomBytes(size);
      buffers.push(buffer);
      return buffer;
    });
    const ids = Array.from({ length: 1_025 }, next);
    expect(sizes).toEqual([4_096, 4_096]);
    expect(ids.slice(0, 1_024).join('')).toBe(buffers[0]!.toString('hex'));
    expect(ids[1_024]).toBe(buffers[1]!.subarray(0, 4).toString('hex'));
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}$/);
  });

  it('draws from node:crypto by default', () => {
    const next = requestIds();
    const ids = new Set(Array.from({ length: 2_000 }, next));
    // 2,000 draws of 32 bits: a repeat has a chance of about 1 in 2,000.
    expect(ids.size).toBeGreaterThanOrEqual(1_999);
  });
});

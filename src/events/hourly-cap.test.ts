import fc from 'fast-check';
import { expect, it } from 'vitest';
import { SLOTS, slotShares } from './hourly-cap.js';

it('splits any cap into at most SLOTS shares of at least 1 that add up to the cap exactly', () => {
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 1_000_000 }), (cap) => {
      const shares = slotShares(cap);
      expect(shares.length).toBe(Math.min(SLOTS, cap));
      expect(shares.reduce((a, b) => a + b, 0)).toBe(cap);
      expect(Math.min(...shares)).toBeGreaterThanOrEqual(1);
      expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
    }),
  );
  expect(slotShares(3000)).toEqual([188, 188, 188, 188, 188, 188, 188, 188, 187, 187, 187, 187, 187, 187, 187, 187]);
  expect(slotShares(5)).toEqual([1, 1, 1, 1, 1]);
});

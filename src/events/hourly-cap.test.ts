import fc from 'fast-check';
import { expect, it } from 'vitest';
import { SLOTS, chooseSlot, slotShares } from './hourly-cap.js';

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

it('chooses a slot of the hour with that slot\'s share of the cap', () => {
  const hour = Date.UTC(2026, 10, 24, 7);
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 0, max: 3_599_999 }), (cap, intoHour) => {
      const choice = chooseSlot(hour + intoHour, cap);
      const shares = slotShares(cap);
      expect(choice.hourStart).toBe(hour);
      expect(choice.slot).toBeGreaterThanOrEqual(0);
      expect(choice.slot).toBeLessThan(shares.length);
      expect(choice.share).toBe(shares[choice.slot]);
    }),
  );
});

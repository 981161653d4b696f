import { describe, expect, it } from 'vitest';
import { pickSmooth, type Contender } from './smooth-weighted.js';

/** `n` picks from members of these weights (user ids 1, 2, 3, ...), as letters a, b, c, ... */
function picks(weights: number[], n: number): string {
  let members: Contender[] = weights.map((weight, i) => ({ userId: i + 1, weight, current: 0 }));
  let out = '';
  for (let i = 0; i < n; i++) {
    const { picked, currents } = pickSmooth(members);
    out += String.fromCharCode(96 + picked);
    members = members.map((m) => ({ ...m, current: currents.get(m.userId)! }));
  }
  return out;
}

describe('smooth weighted round-robin', () => {
  it('weights 3 and 1: a a b a, every cycle', () => expect(picks([3, 1], 12)).toBe('aabaaabaaaba'));
  it('weights 2, 2 and 1: a b c a b, every cycle', () => expect(picks([2, 2, 1], 15)).toBe('abcababcababcab'));
  it('equal weights: in turn by user id', () => expect(picks([1, 1, 1], 7)).toBe('abcabca'));
  it('every full cycle is exact, whatever the weights', () => {
    for (const weights of [[10, 1], [5, 3, 2], [7, 7, 1, 4], [1], [9, 8, 7, 6, 5, 4, 3, 2, 1]]) {
      const total = weights.reduce((a, b) => a + b, 0);
      const run = picks(weights, total * 3);
      for (let cycle = 0; cycle < 3; cycle++) {
        const part = run.slice(cycle * total, (cycle + 1) * total);
        weights.forEach((w, i) => expect([...part].filter((c) => c === String.fromCharCode(97 + i)).length).toBe(w));
      }
    }
  });
  it('the values return to zero at the end of each cycle', () => {
    let members: Contender[] = [{ userId: 4, weight: 3, current: 0 }, { userId: 9, weight: 1, current: 0 }];
    for (let i = 0; i < 4; i++) {
      const { currents } = pickSmooth(members);
      members = members.map((m) => ({ ...m, current: currents.get(m.userId)! }));
    }
    expect(members.map((m) => m.current)).toEqual([0, 0]);
  });
});

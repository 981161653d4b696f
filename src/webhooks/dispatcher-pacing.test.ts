import { describe, expect, it } from 'vitest';
import { runsAgainAtOnce } from './dispatcher.js';

// The dispatcher's loop: start the next round at once, or pause for the poll interval.
describe('dispatcher pacing', () => {
  const batch = 200;
  const concurrency = 16;

  it('a fan-out that took fewer events than its batch, with nothing claimed, waits for the pause', () => {
    expect(runsAgainAtOnce({ fannedOut: 1, claimed: 0 }, batch, 0, concurrency)).toBe(false);
    expect(runsAgainAtOnce({ fannedOut: batch - 1, claimed: 0 }, batch, 0, concurrency)).toBe(false);
  });

  it('a full fan-out batch runs again at once: more events are waiting', () => {
    expect(runsAgainAtOnce({ fannedOut: batch, claimed: 0 }, batch, 0, concurrency)).toBe(true);
  });

  it('a round that claimed deliveries runs again at once while a send slot is free', () => {
    expect(runsAgainAtOnce({ fannedOut: 0, claimed: 3 }, batch, 3, concurrency)).toBe(true);
    expect(runsAgainAtOnce({ fannedOut: 5, claimed: 1 }, batch, concurrency - 1, concurrency)).toBe(true);
  });

  it('pauses when every send slot is taken, or when there was nothing to do', () => {
    expect(runsAgainAtOnce({ fannedOut: batch, claimed: 4 }, batch, concurrency, concurrency)).toBe(false);
    expect(runsAgainAtOnce({ fannedOut: 0, claimed: 0 }, batch, 0, concurrency)).toBe(false);
  });
});

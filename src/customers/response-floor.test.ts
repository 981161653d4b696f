import { describe, expect, it } from 'vitest';
import { startResponseFloor } from './response-floor.js';

describe('startResponseFloor', () => {
  it('waits until the floor has passed', async () => {
    const started = performance.now();
    await startResponseFloor(60).reached();
    expect(performance.now() - started).toBeGreaterThanOrEqual(60);
  });

  it('does not wait again once the floor has passed', async () => {
    const floor = startResponseFloor(100);
    await new Promise((resolve) => setTimeout(resolve, 120));
    const before = performance.now();
    await floor.reached();
    expect(performance.now() - before).toBeLessThan(80);
  });
});

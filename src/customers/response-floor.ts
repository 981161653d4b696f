// SPEC "Limits": the customer lookup answers no faster than 150 ms once a key has
// authenticated, so response times do not tell a caller whether a phone number is a
// customer, and bursts are slowed down. Measured with the monotonic timer, not the
// injectable clock: this is real waiting.
import { setTimeout as sleep } from 'node:timers/promises';

export const LOOKUP_MIN_RESPONSE_MS = 150;

export interface ResponseFloor {
  /** Resolves once at least the floor has passed since the floor was started. */
  reached(): Promise<void>;
}

export function startResponseFloor(ms: number): ResponseFloor {
  const started = performance.now();
  return {
    async reached() {
      // Timers may fire a fraction of a millisecond early; loop until the floor really passed.
      for (let left = ms - (performance.now() - started); left > 0; left = ms - (performance.now() - started)) {
        await sleep(Math.ceil(left));
      }
    },
  };
}

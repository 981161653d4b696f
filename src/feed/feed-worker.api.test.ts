// A feed consumer's worker says whether its round folded anything (`worked`), which keeps the
// runner at its poll; an idle consumer asks every 500 ms (jobs/runner.ts, FEED_IDLE_POLL).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedOrder, seedProduct, seedStore, startTestApp } from '../../test/helpers.js';
import { foldUntilCaughtUp } from '../../test/order-counts.js';
import { countsConsumer } from '../counts/fold-counts.js';
import { systemClock } from '../lib/clock.js';
import { liveConsumer } from '../live/live-consumer.js';
import { FEED_IDLE_POLL, FEED_POLL_MS, feedWorker } from './feed-worker.js';

let t: Awaited<ReturnType<typeof startTestApp>>;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.drop());

it('a round that folds says it worked; a round with nothing to fold does not', async () => {
  const worker = feedWorker(t.ctx, liveConsumer, systemClock);
  await foldUntilCaughtUp(t.ctx, liveConsumer);
  expect((await worker.claim(1)).worked).toBe(false);

  const store = await seedStore(t.ctx, {});
  const product = await seedProduct(t.ctx, store.tenantId, { name: 'Kaos', price: 50_000 });
  await seedOrder(t.ctx, store.tenantId, { product_id: product.id });
  // On PostgreSQL a change is folded once every older transaction of the server has ended.
  let worked = false;
  for (let i = 0; i < 300 && !worked; i++) {
    worked = (await worker.claim(1)).worked === true;
    if (!worked) await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(worked).toBe(true);
  expect((await worker.claim(1)).worked).toBe(false);
});

it('an idle consumer polls every 500 ms, or at its own pause if that is longer', () => {
  expect(FEED_IDLE_POLL).toEqual({ afterMs: 2_000, pollMs: 500 });
  expect(feedWorker(t.ctx, liveConsumer, systemClock)).toMatchObject({ pollMs: FEED_POLL_MS, idle: { afterMs: 2_000, pollMs: 500 } });
  expect(feedWorker(t.ctx, countsConsumer, systemClock, 900)).toMatchObject({ pollMs: 900, idle: { afterMs: 2_000, pollMs: 900 } });
});

// The live list's one reader per process (live-feed.ts), both backends: a stream that joins after
// a change was committed, but before the reader read it, does not hear it (its page's list,
// refetched when the stream opens, already shows it: announcing it would say an order listed is
// new); a stream that was there hears it.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedOrder, seedProduct, seedStore, startTestApp } from '../../test/helpers.js';
import { createLiveFeed, type FeedListener, type LiveChange } from './live-feed.js';

let t: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.drop());

const listener = (tenantId: number, heard: LiveChange[]): FeedListener => ({ tenantId, changes: (changes) => heard.push(...changes), reset() {}, close() {} });

it('a stream hears only the changes committed after it joined, though the reader reads them later', async () => {
  const { tenantId } = await seedStore(t.ctx, {});
  const product = (await seedProduct(t.ctx, tenantId, { name: 'Kaos', price: 50_000 })).id;
  // A reader that reads only when woken.
  const feed = createLiveFeed(t.ctx.db, 3_600_000, (error) => {
    throw error;
  }, null);
  try {
    const early: LiveChange[] = [];
    const late: LiveChange[] = [];
    await feed.subscribe(listener(tenantId, early));
    const before = (await seedOrder(t.ctx, tenantId, { product_id: product })).id;
    await feed.subscribe(listener(tenantId, late));
    const after = (await seedOrder(t.ctx, tenantId, { product_id: product })).id;
    feed.wake();
    await expect.poll(() => early.length).toBe(2);
    expect(early.map((c) => [c.orderId, c.created])).toEqual([
      [before, true],
      [after, true],
    ]);
    expect(late.map((c) => c.orderId)).toEqual([after]);
  } finally {
    await feed.stop();
  }
});

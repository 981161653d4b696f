// The live list's fan-out in one process: one source (the SQLite poll or PostgreSQL's LISTEN),
// started for the first stream, and every open stream of this process as a listener of its
// store. A batch of changes costs one read of the CS names it names (as the list rows show
// them), and only when a stream of that store is open.
import type { Db } from '../../lib/db/db.js';
import { memberNames } from '../member-actor.js';
import type { ChangeSource, OrderChange } from './order-changes.js';

/** A change as a stream sends it: the CS named as in the list's rows. */
export interface LiveChange extends OrderChange {
  assignedTo: { id: number; name: string } | null;
}

export interface FeedListener {
  tenantId: number;
  /** The store's changes, in commit order. */
  changes(changes: readonly LiveChange[]): void;
  /** The feed can no longer serve it (shutdown, the source lost): end the stream. */
  close(): void;
}

export interface OrderFeed {
  /** Resolves, with the unsubscribe, once the listener will hear every change committed from now on. */
  subscribe(listener: FeedListener): Promise<() => void>;
  /** Closes every listener: the graceful shutdown does this before the server closes. */
  closeAll(): void;
  /** Closes every listener and stops the source (before the database closes). */
  stop(): Promise<void>;
  /** Listeners open in this process. */
  size(): number;
}

export function createOrderFeed(db: Db, source: ChangeSource, warn: (error: Error) => void): OrderFeed {
  const listeners = new Map<number, Set<FeedListener>>();
  let started: Promise<void> | null = null;
  // Each store with a listener here is watched at the source (PostgreSQL notifies only for those):
  // its first listener starts the watch, and every listener waits for it.
  const watches = new Map<number, Promise<void>>();
  let pending: OrderChange[] = [];
  let flushing = false;
  // Batches are fanned out one after another, so a stream hears changes in commit order.
  let chain: Promise<void> = Promise.resolve();

  const remove = (listener: FeedListener) => {
    const set = listeners.get(listener.tenantId);
    if (!set?.delete(listener) || set.size > 0) return;
    listeners.delete(listener.tenantId);
    if (watches.delete(listener.tenantId)) source.unwatch(listener.tenantId);
  };

  async function fanOut(batch: OrderChange[]): Promise<void> {
    const heard = batch.filter((change) => listeners.has(change.tenantId));
    if (heard.length === 0) return;
    const names = await memberNames(db, heard.flatMap((change) => (change.assignedUserId === null ? [] : [change.assignedUserId])));
    const byStore = new Map<number, LiveChange[]>();
    for (const change of heard) {
      const assigned = change.assignedUserId;
      const live = { ...change, assignedTo: assigned === null ? null : { id: assigned, name: names.get(assigned) ?? '' } };
      const list = byStore.get(change.tenantId);
      if (list) list.push(live);
      else byStore.set(change.tenantId, [live]);
    }
    for (const [tenantId, changes] of byStore) {
      for (const listener of [...(listeners.get(tenantId) ?? [])]) listener.changes(changes);
    }
  }

  // PostgreSQL delivers one notification at a time: those of one turn of the event loop share a read.
  const flush = () => {
    flushing = false;
    const batch = pending;
    pending = [];
    chain = chain.then(() => fanOut(batch)).catch((error: Error) => warn(error));
  };
  const onChanges = (changes: OrderChange[]) => {
    for (const change of changes) pending.push(change);
    if (!flushing) {
      flushing = true;
      setImmediate(flush);
    }
  };

  const closeAll = () => {
    for (const set of [...listeners.values()]) for (const listener of [...set]) listener.close();
  };
  const onLost = (error: Error) => {
    warn(error);
    started = null;
    closeAll();
  };

  return {
    async subscribe(listener) {
      let set = listeners.get(listener.tenantId);
      if (!set) listeners.set(listener.tenantId, (set = new Set()));
      set.add(listener);
      started ??= source.start(onChanges, onLost).catch((error: unknown) => {
        started = null;
        throw error;
      });
      const { tenantId } = listener;
      let watch = watches.get(tenantId);
      if (!watch) {
        const first = source.watch(tenantId);
        watches.set(tenantId, (watch = first));
        // A failed watch is tried again by the store's next listener.
        first.catch(() => {
          if (watches.get(tenantId) === first) watches.delete(tenantId);
        });
      }
      try {
        await started;
        await watch;
      } catch (error) {
        remove(listener);
        throw error;
      }
      return () => remove(listener);
    },
    closeAll,
    async stop() {
      closeAll();
      const wasStarted = started;
      started = null;
      if (wasStarted) await wasStarted.then(() => source.stop(), () => undefined);
      await chain;
    },
    size: () => [...listeners.values()].reduce((n, set) => n + set.size, 0),
  };
}

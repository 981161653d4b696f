// The live list's fan-out in one process (docs/dashboard.md, "The live list"): one reader of the
// change feed, started for the first stream, and every open stream of this process as a listener
// of its store. The reader takes the feed's settled rows after its position (read-feed.ts: gap-
// safe on PostgreSQL) every pollMs, and at once when the `live` consumer's NOTIFY says a batch was
// folded (PostgreSQL). A batch costs one read of the CS names it names, and only when a stream of
// that store is open. A stream that reconnects with Last-Event-ID first gets what it missed, from
// the feed, while the feed holds it.
import type { Db } from '../lib/db/db.js';
import { comparePositions, type FeedPosition, type FeedRow } from '../feed/feed-row.js';
import { BUYER_REPLY_SOURCE } from '../feed/note-order-event.js';
import { feedEnd, feedHolds, readFeed } from '../feed/read-feed.js';
import { memberNames } from '../orders/core/member-actor.js';

/** A change as a stream sends it: an order created, or its status or CS changed. No buyer data. */
export interface LiveChange {
  position: FeedPosition;
  tenantId: number;
  orderId: number;
  status: string;
  assignedUserId: number | null;
  /** The CS before the change (null for a new order): their stream hears `order_removed`. */
  previousAssignedUserId: number | null;
  /** A new order (the feed row of its creation), not a change of one. */
  created: boolean;
  /** The buyer wrote (issue 42 §4): the order's "balasan baru". */
  reply: boolean;
  assignedTo: { id: number; name: string } | null;
}

export interface FeedListener {
  tenantId: number;
  /** The store's changes, in feed order. */
  changes(changes: readonly LiveChange[]): void;
  /** What the listener asked to resume from is no longer in the feed: the client refetches. */
  reset(): void;
  /** The feed can no longer serve it (shutdown): end the stream. */
  close(): void;
}

export interface LiveFeed {
  /**
   * Resolves, with the unsubscribe, once the listener will hear every change from now on;
   * with `from` (a Last-Event-ID), first the store's changes after it.
   */
  subscribe(listener: FeedListener, from?: FeedPosition | null): Promise<() => void>;
  /** Reads the feed now (the live consumer's NOTIFY). */
  wake(): void;
  /** Closes every listener: the graceful shutdown does this before the server closes. */
  closeAll(): void;
  /** Closes every listener and stops the reader (before the database closes). */
  stop(): Promise<void>;
  /** Listeners open in this process. */
  size(): number;
}

/** Rows a read takes; a bigger backlog (a bulk move) is read in several reads of one turn. */
const BATCH = 1_000;
/** A reconnect that missed more of its store's changes than this refetches instead (`reset`). */
export const REPLAY_MAX = 1_000;

/** The feed's rows that the live list announces: a new order, a status or CS change, a buyer's reply. */
export function liveChangeOf(row: FeedRow): Omit<LiveChange, 'assignedTo'> | null {
  if (!row.new) return null;
  const reply = row.source === BUYER_REPLY_SOURCE;
  if (!reply && row.old && row.old.status === row.new.status && row.old.assignedUserId === row.new.assignedUserId) return null;
  return {
    position: row.position,
    tenantId: row.tenantId,
    orderId: row.orderId,
    status: row.new.status,
    assignedUserId: row.new.assignedUserId,
    previousAssignedUserId: row.old ? row.old.assignedUserId : null,
    created: row.old === null,
    reply,
  };
}

/** PostgreSQL's wake-up by the live consumer's NOTIFY (wake-on-notify.ts); null on SQLite. */
export interface FeedWakeup {
  ensure(): void;
  stop(): Promise<void>;
}

export function createLiveFeed(db: Db, pollMs: number, warn: (error: Error) => void, wakeup: ((wake: () => void) => FeedWakeup) | null): LiveFeed {
  const listeners = new Map<number, Set<FeedListener>>();
  // A new stream hears only what commits after it joined: the one reader may not yet have read
  // changes made just before (the page's list, refetched when the stream opens, shows them), and
  // would otherwise announce orders already listed as arrivals.
  const joinedAt = new WeakMap<FeedListener, FeedPosition>();
  let position: FeedPosition | null = null;
  let starting: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let running = false;
  // Reads and fan-outs run one after another, so a stream hears changes in feed order.
  let chain: Promise<void> = Promise.resolve();
  let reading = false;

  const named = async (rows: readonly FeedRow[]): Promise<LiveChange[]> => {
    const changes = rows.flatMap((row) => {
      const change = liveChangeOf(row);
      return change ? [change] : [];
    });
    const names = await memberNames(db, changes.flatMap((c) => (c.assignedUserId === null ? [] : [c.assignedUserId])));
    return changes.map((c) => ({ ...c, assignedTo: c.assignedUserId === null ? null : { id: c.assignedUserId, name: names.get(c.assignedUserId) ?? '' } }));
  };

  async function fanOut(rows: readonly FeedRow[]): Promise<void> {
    const heard = rows.filter((row) => listeners.has(row.tenantId));
    if (heard.length === 0) return;
    const byStore = new Map<number, LiveChange[]>();
    for (const change of await named(heard)) {
      const list = byStore.get(change.tenantId);
      if (list) list.push(change);
      else byStore.set(change.tenantId, [change]);
    }
    for (const [tenantId, changes] of byStore) {
      for (const listener of [...(listeners.get(tenantId) ?? [])]) {
        const since = joinedAt.get(listener);
        const heardHere = since ? changes.filter((change) => comparePositions(change.position, since) > 0) : changes;
        if (heardHere.length > 0) listener.changes(heardHere);
      }
    }
  }

  async function read(): Promise<void> {
    while (running && position) {
      const rows = await readFeed(db, position, BATCH, { settled: true });
      if (rows.length === 0) return;
      position = rows[rows.length - 1]!.position;
      await fanOut(rows);
      if (rows.length < BATCH) return;
    }
  }

  // One read at a time, in the chain; a failed read loses nothing (the position stays).
  const readNow = () => {
    if (reading || !running) return;
    reading = true;
    chain = chain
      .then(read)
      .catch((error: Error) => warn(error))
      .finally(() => {
        reading = false;
      });
  };
  const schedule = () => {
    if (!running) return;
    timer = setTimeout(() => {
      readNow();
      void chain.then(schedule);
    }, pollMs);
    timer.unref();
  };

  let woken: FeedWakeup | null = null;
  const start = () =>
    (starting ??= feedEnd(db).then(
      (end) => {
        position = end;
        running = true;
        schedule();
      },
      (error: unknown) => {
        starting = null;
        throw error;
      },
    ));

  const add = (listener: FeedListener) => {
    let set = listeners.get(listener.tenantId);
    if (!set) listeners.set(listener.tenantId, (set = new Set()));
    set.add(listener);
  };
  const remove = (listener: FeedListener) => {
    const set = listeners.get(listener.tenantId);
    if (set?.delete(listener) && set.size === 0) listeners.delete(listener.tenantId);
  };

  /** The store's changes after `from` up to what was fanned out, to this listener alone; then it listens. */
  async function resume(listener: FeedListener, from: FeedPosition): Promise<void> {
    const upTo = position!;
    const missed = (await feedHolds(db, from)) ? await readFeed(db, from, REPLAY_MAX + 1, { tenantId: listener.tenantId, upTo, settled: true }) : null;
    if (missed === null || missed.length > REPLAY_MAX) listener.reset();
    else if (missed.length > 0) {
      const changes = await named(missed);
      if (changes.length > 0) listener.changes(changes);
    }
    add(listener);
  }

  const closeAll = () => {
    for (const set of [...listeners.values()]) for (const listener of [...set]) listener.close();
  };

  return {
    async subscribe(listener, from) {
      await start();
      if (wakeup) (woken ??= wakeup(readNow)).ensure();
      if (!from) {
        joinedAt.set(listener, await feedEnd(db));
        add(listener);
        return () => remove(listener);
      }
      // In the chain: no batch is fanned out between the replay's read and the listener joining.
      const joined = chain.then(() => resume(listener, from));
      chain = joined.catch(() => undefined);
      await joined;
      return () => remove(listener);
    },
    wake: readNow,
    closeAll,
    async stop() {
      closeAll();
      running = false;
      if (timer) clearTimeout(timer);
      timer = null;
      await woken?.stop();
      await chain;
    },
    size: () => [...listeners.values()].reduce((n, set) => n + set.size, 0),
  };
}

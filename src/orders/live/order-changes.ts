// What the live list hears of a committed change (migration 022), from either backend's source.

/** One committed change: an order created, or its status or CS changed. No buyer data. */
export interface OrderChange {
  /** Increasing within one process's feed: the event's `id:` (the log's id on SQLite, a count on PostgreSQL). */
  eventId: number;
  tenantId: number;
  orderId: number;
  status: string;
  assignedUserId: number | null;
  /** The CS before the change (null for a new order): their stream hears `order_removed`. */
  previousAssignedUserId: number | null;
}

/**
 * Where the changes come from: the SQLite poll or PostgreSQL's LISTEN. start() resolves once
 * every change committed from then on will be delivered, in commit order; `lost` says the
 * source can no longer promise that (a dropped connection): the feed closes every stream, whose
 * clients reconnect and refetch.
 */
export interface ChangeSource {
  start(deliver: (changes: OrderChange[]) => void, lost: (error: Error) => void): Promise<void>;
  stop(): Promise<void>;
  /**
   * A store's list is open in this process: resolves once the store's changes committed from
   * now on will be delivered (PostgreSQL notifies only for watched stores, migration 023; the
   * SQLite log holds every store's).
   */
  watch(tenantId: number): Promise<void>;
  /** The store's last stream in this process closed. */
  unwatch(tenantId: number): void;
}

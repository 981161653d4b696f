// The status that the partial indexes of webhook_deliveries name (`where status = 'pending'`),
// written into the SQL instead of bound: when a bound value decides whether a partial index
// applies, SQLite re-prepares the statement on every run (the dispatcher's check of due
// deliveries: 24 us a run instead of 6, every poll; issue 13, docs/benchmarks.md). Here, on
// the ground floor, so that events/ (the fan-out queues deliveries) and webhooks/ share it.
import { sql } from 'kysely';
import type { DeliveryStatus } from './schema.js';

export const PENDING = sql.lit<DeliveryStatus>('pending');

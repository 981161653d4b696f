// The status that the partial indexes of webhook_deliveries name (`where status = 'pending'`),
// written into the SQL instead of bound: when a bound value decides whether a partial index
// applies, SQLite re-prepares the statement on every run (the dispatcher's check of due
// deliveries: 24 us a run instead of 6, every poll; issue 13, docs/benchmarks.md).
import { sql } from 'kysely';
import type { DeliveryStatus } from '../lib/db/schema.js';

export const PENDING = sql.lit<DeliveryStatus>('pending');

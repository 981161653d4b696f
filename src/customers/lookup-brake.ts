// SPEC "Limits": the customer lookup's database-based brake, 45 requests / 60 s per API key.
// With the in-memory limiter store the other windows count per server process; this counter
// always lives in the database, so parallel bursts spread over several processes meet one limit. One atomic upsert per
// request: fixed 60 s windows computed from the injectable clock.
import type { AuthenticatedKey } from '../auth/authenticate.js';
import type { AppContext } from '../context.js';
import { fail, ok, tooManyRequests, type AuthFailure, type Result } from '../lib/http/failures.js';
import { LOOKUP_BRAKE, scaledPoints } from '../lib/limits.js';

const WINDOW_MS = LOOKUP_BRAKE.durationSec * 1000;

export async function consumeLookupBrake(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config' | 'metrics'>,
  key: Pick<AuthenticatedKey, 'id' | 'tenantId'>,
): Promise<Result<null, AuthFailure>> {
  const windowStart = Math.floor(ctx.clock.now() / WINDOW_MS) * WINDOW_MS;
  const row = await ctx.db
    .insertInto('lookup_brake')
    .values({ tenant_id: key.tenantId, api_key_id: key.id, window_start: windowStart, count: 1 })
    .onConflict((oc) =>
      oc
        .columns(['api_key_id', 'window_start'])
        .doUpdateSet((eb) => ({ count: eb('lookup_brake.count', '+', 1) }))
        .where('lookup_brake.tenant_id', '=', key.tenantId),
    )
    .returning('count')
    .executeTakeFirst();
  // No row back means the key's row belongs to another tenant: impossible unless the data is corrupt.
  if (!row) throw new Error('lookup_brake row of this key belongs to another tenant');

  // The first request of a window clears the key's older windows: one delete per key per
  // minute at most, and the table never holds more than about one row per active key.
  if (row.count === 1) {
    await ctx.db
      .deleteFrom('lookup_brake')
      .where('tenant_id', '=', key.tenantId)
      .where('api_key_id', '=', key.id)
      .where('window_start', '<', windowStart)
      .execute();
  }

  if (row.count > scaledPoints(LOOKUP_BRAKE.points, ctx.config.rateLimitScale)) {
    ctx.metrics.countRejection('lookupBrake');
    return fail(tooManyRequests(LOOKUP_BRAKE.durationSec));
  }
  return ok(null);
}

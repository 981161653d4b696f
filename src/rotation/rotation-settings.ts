// The store's CS rotation settings (GET and PUT /dashboard/api/rotation, owner and admins): the
// mode, the sticky switch, and the members in it with their weights and duty. Any member of the
// store may be in it (small stores' owners answer chats too). A store that never saved its
// rotation has mode 'off' and nobody in it. A save that changes the mode, the members, a weight
// or a duty starts a new cycle (every running value back to 0); one that changes only `sticky`
// keeps the cycle.
import type { Db, Tx } from '../lib/db/db.js';
import { isPostgres } from '../lib/db/db.js';
import type { Role } from '../lib/db/schema.js';
import { refuse, succeed, type Refusal } from '../lib/outcome.js';
import { shownName } from '../orders/core/member-actor.js';

export const ROTATION_MODES = ['off', 'round_robin', 'weighted'] as const;
export type RotationMode = (typeof ROTATION_MODES)[number];

export interface RotationMemberView {
  user_id: number;
  name: string;
  role: Role;
  weight: number;
  on_duty: boolean;
}

export interface RotationView {
  mode: RotationMode;
  sticky: boolean;
  /** In the rotation, by user id. */
  members: RotationMemberView[];
  /** The store's other members, whom the page may add. */
  others: Array<{ user_id: number; name: string; role: Role }>;
}

export interface RotationInput {
  mode: RotationMode;
  sticky: boolean;
  members: Array<{ user_id: number; weight: number; on_duty: boolean }>;
}

export async function readRotation(db: Db | Tx, tenantId: number): Promise<RotationView> {
  const rotation = await db.selectFrom('rotations').select(['mode', 'sticky']).where('tenant_id', '=', tenantId).executeTakeFirst();
  const rows = await db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .leftJoin('rotation_members', (j) => j.onRef('rotation_members.tenant_id', '=', 'memberships.tenant_id').onRef('rotation_members.user_id', '=', 'memberships.user_id'))
    .select(['users.id', 'users.name', 'users.email', 'memberships.role', 'rotation_members.weight', 'rotation_members.on_duty'])
    .where('memberships.tenant_id', '=', tenantId)
    .orderBy('users.id')
    .execute();
  const members: RotationMemberView[] = [];
  const others: RotationView['others'] = [];
  for (const r of rows) {
    const base = { user_id: Number(r.id), name: shownName(r), role: r.role };
    if (r.weight === null || r.on_duty === null) others.push(base);
    else members.push({ ...base, weight: Number(r.weight), on_duty: Number(r.on_duty) === 1 });
  }
  return { mode: rotation?.mode ?? 'off', sticky: rotation?.sticky === 1, members, others };
}

/** A member's field the save refused, by its place in the body (`members.2.user_id`). */
export type RotationRefusal = Refusal<'invalid_members'> & { fields: Record<string, 'not_a_member' | 'duplicate'> };

/** Saves the rotation; the caller's transaction (the store's rotations row is locked first on PostgreSQL, as an assignment locks it). */
export async function saveRotation(tx: Tx, tenantId: number, input: RotationInput, now: number): Promise<{ ok: true; value: RotationView } | RotationRefusal> {
  const memberIds = new Set(
    (await tx.selectFrom('memberships').select('user_id').where('tenant_id', '=', tenantId).execute()).map((m) => Number(m.user_id)),
  );
  const fields: RotationRefusal['fields'] = {};
  const seen = new Set<number>();
  input.members.forEach((m, i) => {
    if (!memberIds.has(m.user_id)) fields[`members.${i}.user_id`] = 'not_a_member';
    else if (seen.has(m.user_id)) fields[`members.${i}.user_id`] = 'duplicate';
    seen.add(m.user_id);
  });
  if (Object.keys(fields).length > 0) return { ...refuse('invalid_members', `refused: ${Object.keys(fields).join(', ')}`), fields };

  await tx
    .insertInto('rotations')
    .values({ tenant_id: tenantId, mode: 'off', sticky: 0, updated_at: now })
    .onConflict((oc) => oc.column('tenant_id').doNothing())
    .execute();
  const current = await tx
    .selectFrom('rotations')
    .select(['mode'])
    .where('tenant_id', '=', tenantId)
    .$if(isPostgres(tx), (q) => q.forUpdate())
    .executeTakeFirstOrThrow();
  const before = await tx.selectFrom('rotation_members').select(['user_id', 'weight', 'on_duty']).where('tenant_id', '=', tenantId).orderBy('user_id').execute();
  const key = (rows: Array<{ user_id: number; weight: number; on_duty: boolean | number }>) =>
    [...rows]
      .sort((a, b) => a.user_id - b.user_id)
      .map((r) => `${r.user_id}:${r.weight}:${Number(r.on_duty)}`)
      .join(',');
  const sameCycle = current.mode === input.mode && key(before.map((r) => ({ user_id: Number(r.user_id), weight: Number(r.weight), on_duty: Number(r.on_duty) }))) === key(input.members);

  await tx.updateTable('rotations').set({ mode: input.mode, sticky: input.sticky ? 1 : 0, updated_at: now }).where('tenant_id', '=', tenantId).execute();
  if (!sameCycle) {
    await tx.deleteFrom('rotation_members').where('tenant_id', '=', tenantId).execute();
    if (input.members.length > 0) {
      await tx
        .insertInto('rotation_members')
        .values(input.members.map((m) => ({ tenant_id: tenantId, user_id: m.user_id, weight: m.weight, on_duty: m.on_duty ? 1 : 0, current: 0 })))
        .execute();
    }
  }
  return succeed(await readRotation(tx, tenantId));
}

/**
 * A member's duty, set by themselves (PUT /dashboard/api/me/duty). A change starts a new cycle.
 * A member outside the rotation is refused (`not_in_rotation`): only the owner or an admin adds them.
 */
export async function setOwnDuty(tx: Tx, tenantId: number, userId: number, onDuty: boolean): Promise<{ ok: true; value: { on_duty: boolean } } | Refusal<'not_in_rotation'>> {
  await tx
    .selectFrom('rotations')
    .select('tenant_id')
    .where('tenant_id', '=', tenantId)
    .$if(isPostgres(tx), (q) => q.forUpdate())
    .executeTakeFirst();
  const row = await tx.selectFrom('rotation_members').select('on_duty').where('tenant_id', '=', tenantId).where('user_id', '=', userId).executeTakeFirst();
  if (!row) return refuse('not_in_rotation', 'the member is not in the store\'s rotation');
  if ((Number(row.on_duty) === 1) !== onDuty) {
    await tx.updateTable('rotation_members').set({ on_duty: onDuty ? 1 : 0 }).where('tenant_id', '=', tenantId).where('user_id', '=', userId).execute();
    await resetCycle(tx, tenantId);
  }
  return succeed({ on_duty: onDuty });
}

/** A new cycle: every running value back to 0. */
export async function resetCycle(tx: Tx, tenantId: number): Promise<void> {
  await tx.updateTable('rotation_members').set({ current: 0 }).where('tenant_id', '=', tenantId).execute();
}

/** A member leaves the store: they leave its rotation, which starts a new cycle (in the removal's transaction). */
export async function leaveRotation(tx: Tx, tenantId: number, userId: number): Promise<void> {
  const removed = await tx.deleteFrom('rotation_members').where('tenant_id', '=', tenantId).where('user_id', '=', userId).executeTakeFirst();
  if (removed.numDeletedRows > 0n) await resetCycle(tx, tenantId);
}

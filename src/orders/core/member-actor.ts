// Who a member's change is by, as the order history and the event name them (events/sources.ts,
// `dashboard`): the member's name shown, and their user id kept beside it, so that a renamed or
// removed member's past entries still point at them.
import type { Db } from '../../lib/db/db.js';

export interface MemberActor {
  /** `import` for the changes of a file a member imports (import-orders.ts), `dashboard` for every other. */
  source: 'dashboard' | 'import';
  actor: string;
  actorUserId: number;
}

/** How a member is named on an order's page: their name, or their email when the name is blank. */
export const shownName = (user: { name: string; email: string }): string => user.name.trim() || user.email;

export async function memberActor(db: Db, userId: number, source: MemberActor['source'] = 'dashboard'): Promise<MemberActor> {
  const user = await db.selectFrom('users').select(['name', 'email']).where('id', '=', userId).executeTakeFirstOrThrow();
  return { source, actor: shownName(user), actorUserId: userId };
}

/** The shown names of members by user id, one read by primary key (the CS of a list's rows, a file's, a live batch's). */
export async function memberNames(db: Db, userIds: Iterable<number>): Promise<Map<number, string>> {
  const ids = [...new Set(userIds)];
  const users = ids.length === 0 ? [] : await db.selectFrom('users').select(['id', 'name', 'email']).where('id', 'in', ids).execute();
  return new Map(users.map((user) => [Number(user.id), shownName(user)]));
}

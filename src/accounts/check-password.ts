// The one password check of the dashboard: a login, the password entered again for a sensitive
// settings change, and the current password when changing one's own (docs/dashboard.md,
// "Limits"). One failure rule for all three, counted in the same two windows (per email and IP,
// per IP): each attempt takes a guess from both BEFORE argon2 and gives it back when the password
// is right or the line is busy. So at most 10 wrong guesses per window are ever evaluated,
// concurrent ones included, and the next attempt is refused (429) without any argon2 work.
import type { AppContext } from '../context.js';
import type { Limiter } from '../lib/limits.js';
import { refuse, succeed, type Outcome, type Refusal } from '../lib/outcome.js';
import { findUserByEmail, findUserById } from './find-login.js';
import { BUSY_RETRY_AFTER_SEC, DUMMY_PASSWORD_HASH, PasswordQueueFull, normaliseEmail } from './passwords.js';

/** Whose password: the email typed at login, or the session's user. */
export type Claimant = { email: string } | { userId: number };

export type PasswordCheck =
  | Outcome<{ userId: number }, 'wrong_password'>
  /** 429 too_many_requests (a failure window is spent) or 503 busy (the argon2 line stayed full). */
  | (Refusal<'too_many_requests' | 'busy'> & { retryAfter: number });

export async function checkPassword(
  ctx: Pick<AppContext, 'db' | 'limiters' | 'passwordHasher'>,
  claimant: Claimant,
  ip: string,
  password: string,
): Promise<PasswordCheck> {
  const user = 'email' in claimant ? await findUserByEmail(ctx.db, claimant.email) : await findUserById(ctx.db, claimant.userId);
  // The key of the email window: as stored, or as typed for an email nobody has.
  const email = user?.email ?? ('email' in claimant ? normaliseEmail(claimant.email) : '');
  const windows: Array<readonly [Limiter, string]> = [
    [ctx.limiters.loginFailuresPerIp, ip],
    [ctx.limiters.loginFailuresPerEmailAndIp, `${email}|${ip}`],
  ];
  const taken: Array<readonly [Limiter, string]> = [];
  const giveBack = () => Promise.all(taken.map(([limiter, key]) => limiter.refund(key)));

  for (const [limiter, key] of windows) {
    const counted = await limiter.consume(key);
    if (!counted.ok) {
      await giveBack();
      return { ...refuse('too_many_requests', 'too many wrong passwords; try again later'), retryAfter: counted.retryAfter };
    }
    taken.push([limiter, key]);
  }

  let right: boolean;
  try {
    // An unknown email, or a user without a password yet, costs the same work as a wrong password.
    right = await ctx.passwordHasher.verify(user?.passwordHash ?? DUMMY_PASSWORD_HASH, password);
  } catch (error) {
    if (!(error instanceof PasswordQueueFull)) throw error;
    await giveBack();
    return { ...refuse('busy', 'the password line is full; try again shortly'), retryAfter: BUSY_RETRY_AFTER_SEC };
  }
  if (!right || !user?.passwordHash) return refuse('wrong_password', 'wrong password');
  await giveBack();
  return succeed({ userId: user.id });
}

// A new password's hash (sign-up, an accepted invitation, a reset link, a change of one's own)
// through this process's argon2 line; the line full for 2 s is a refusal the route answers
// 503 busy, having changed nothing.
import { refuse, succeed, type Refusal } from '../lib/outcome.js';
import type { PasswordHasher } from '../lib/password-hasher.js';
import { BUSY_RETRY_AFTER_SEC, PasswordQueueFull } from './passwords.js';

export async function hashPassword(hasher: PasswordHasher, password: string): Promise<{ ok: true; value: string } | (Refusal<'busy'> & { retryAfter: number })> {
  try {
    return succeed(await hasher.hash(password));
  } catch (error) {
    if (!(error instanceof PasswordQueueFull)) throw error;
    return { ...refuse('busy', 'the password line is full; try again shortly'), retryAfter: BUSY_RETRY_AFTER_SEC };
  }
}

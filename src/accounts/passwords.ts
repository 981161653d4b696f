// Password hashing: argon2id (19 MiB, t=2, p=1: OWASP's first recommended setting) through
// @node-rs/argon2. At most 2 hashes or verifies run at once per process, because argon2
// shares the two cores with the API; others wait up to 2 s in line, then the caller answers
// 503 busy with Retry-After.
import { Algorithm, hash, verify } from '@node-rs/argon2';
import type { PasswordHasher } from '../lib/password-hasher.js';

const OPTIONS = { algorithm: Algorithm.Argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 256;
export const BUSY_RETRY_AFTER_SEC = 2;

export class PasswordQueueFull extends Error {
  constructor() {
    super('password hashing queue full');
  }
}

/** The password work itself: argon2id in production; a test may hold it to fill the line. */
export interface PasswordWork {
  hash(password: string): Promise<string>;
  verify(storedHash: string, password: string): Promise<boolean>;
}

const ARGON2ID: PasswordWork = { hash: (password) => hash(password, OPTIONS), verify: (storedHash, password) => verify(storedHash, password) };

export interface HasherOptions {
  /** Jobs that run at once (2 per process). */
  concurrency?: number;
  /** How long a job waits for a turn before PasswordQueueFull (2 s). */
  waitMs?: number;
  work?: PasswordWork;
}

/** A hasher letting `concurrency` jobs run and the others wait at most `waitMs` for a turn. */
export function createPasswordHasher({ concurrency = 2, waitMs = 2_000, work = ARGON2ID }: HasherOptions = {}): PasswordHasher {
  let running = 0;
  const waiting: Array<() => void> = [];

  async function turn<T>(job: () => Promise<T>): Promise<T> {
    if (running >= concurrency) {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          const at = waiting.indexOf(start);
          if (at >= 0) waiting.splice(at, 1);
          reject(new PasswordQueueFull());
        }, waitMs);
        const start = () => {
          clearTimeout(timer);
          resolve();
        };
        waiting.push(start);
      });
    } else {
      running += 1;
    }
    try {
      return await job();
    } finally {
      // The finished job's slot passes straight to the next in line, else it frees.
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  }

  return {
    hash: (password) => turn(() => work.hash(password)),
    verify: (storedHash, password) => turn(() => work.verify(storedHash, password).catch(() => false)),
  };
}

/**
 * A hash of 32 random bytes nobody kept, with the parameters of every stored hash, verified for
 * an unknown email (and a user without a password) so that such a login takes the same work as
 * a wrong password. A constant: computing it at the first such login would make that one slower.
 */
export const DUMMY_PASSWORD_HASH = '$argon2id$v=19$m=19456,t=2,p=1$dBMEE4XtWGhXQ4D+qZAZYA$ExrhFWyZ18T+2njFVjqIR5PIsFo7DMe/zAreSTDGHFg';

/** Trimmed, lower-cased: the one form emails are stored and compared in. */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The password rule: at least 10 characters, not the email. Null when it holds, else which rule fails. */
export function passwordProblem(password: string, email: string | null): 'too_short' | 'is_email' | null {
  if ([...password].length < PASSWORD_MIN_LENGTH) return 'too_short';
  if (email !== null && normaliseEmail(password) === normaliseEmail(email)) return 'is_email';
  return null;
}

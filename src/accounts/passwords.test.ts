import { describe, expect, it } from 'vitest';
import { PasswordQueueFull, createPasswordHasher, passwordProblem } from './passwords.js';

describe('passwords', () => {
  it('hashes with argon2id 19 MiB, t=2, p=1 and verifies', async () => {
    const hasher = createPasswordHasher();
    const stored = await hasher.hash('kata-sandi-panjang');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hasher.verify(stored, 'kata-sandi-panjang')).toBe(true);
    expect(await hasher.verify(stored, 'kata-sandi-salah!')).toBe(false);
    expect(await hasher.verify('not a hash', 'x')).toBe(false);
  });

  it('runs at most `concurrency` at once; a job that waits too long is refused', async () => {
    const hasher = createPasswordHasher(1, 1);
    const results = await Promise.allSettled([hasher.hash('aaaaaaaaaaaa'), hasher.hash('bbbbbbbbbbbb'), hasher.hash('cccccccccccc')]);
    expect(results[0]!.status).toBe('fulfilled');
    expect(results.filter((r) => r.status === 'rejected' && r.reason instanceof PasswordQueueFull).length).toBeGreaterThan(0);
    // The line empties: a later job runs.
    expect(await hasher.hash('dddddddddddd')).toMatch(/^\$argon2id/);
  });

  it('needs at least 10 characters and not the email', () => {
    expect(passwordProblem('123456789', null)).toBe('too_short');
    expect(passwordProblem('1234567890', null)).toBe(null);
    expect(passwordProblem('Ani@Example.com', 'ani@example.com')).toBe('is_email');
  });
});

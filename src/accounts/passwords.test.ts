import { describe, expect, it, vi } from 'vitest';
import { DUMMY_PASSWORD_HASH, PasswordQueueFull, createPasswordHasher, passwordProblem } from './passwords.js';

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
    const hasher = createPasswordHasher({ concurrency: 1, waitMs: 1 });
    const results = await Promise.allSettled([hasher.hash('aaaaaaaaaaaa'), hasher.hash('bbbbbbbbbbbb'), hasher.hash('cccccccccccc')]);
    expect(results[0]!.status).toBe('fulfilled');
    expect(results.filter((r) => r.status === 'rejected' && r.reason instanceof PasswordQueueFull).length).toBeGreaterThan(0);
    // The line empties: a later job runs.
    expect(await hasher.hash('dddddddddddd')).toMatch(/^\$argon2id/);
  });

  it('verifies the dummy hash of unknown emails with the parameters of real hashes, with no hashing first', async () => {
    const real = await createPasswordHasher().hash('kata-sandi-panjang');
    const params = (stored: string) => stored.split('$').slice(1, 4).join('$');
    expect(params(DUMMY_PASSWORD_HASH)).toBe(params(real));
    const calls: string[] = [];
    const counted = createPasswordHasher({ work: { hash: async () => (calls.push('hash'), ''), verify: async () => (calls.push('verify'), false) } });
    expect(await counted.verify(DUMMY_PASSWORD_HASH, 'apa saja 123')).toBe(false);
    expect(calls).toEqual(['verify']);
  });

  it('gives a waiting job the slot of a finished one; the line never runs more than `concurrency` at once', async () => {
    let running = 0;
    let most = 0;
    const work = {
      hash: async (password: string) => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running -= 1;
        return password;
      },
      verify: async () => true,
    };
    const hasher = createPasswordHasher({ concurrency: 2, waitMs: 1_000, work });
    expect(await Promise.all(['a', 'b', 'c', 'd', 'e'].map((p) => hasher.hash(p)))).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(most).toBe(2);
  });

  it('by default runs 2 jobs at once and lets a third wait 2 s before refusing it', async () => {
    vi.useFakeTimers();
    try {
      let release: () => void = () => {};
      const gate = new Promise<void>((resolve) => (release = resolve));
      const hasher = createPasswordHasher({ work: { hash: async (p) => (await gate, p), verify: async () => true } });
      const running = [hasher.hash('a'), hasher.hash('b')];
      let third: unknown = 'waiting';
      const waiting = hasher.hash('c').then((v) => (third = v), (e: unknown) => (third = e));
      await vi.advanceTimersByTimeAsync(1_999);
      expect(third).toBe('waiting');
      await vi.advanceTimersByTimeAsync(1);
      await waiting;
      expect(third).toBeInstanceOf(PasswordQueueFull);
      release();
      expect(await Promise.all(running)).toEqual(['a', 'b']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('needs at least 10 characters and not the email', () => {
    expect(passwordProblem('123456789', null)).toBe('too_short');
    expect(passwordProblem('1234567890', null)).toBe(null);
    expect(passwordProblem('Ani@Example.com', 'ani@example.com')).toBe('is_email');
  });
});

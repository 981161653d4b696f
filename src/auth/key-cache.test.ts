import { expect, it } from 'vitest';
import { createKeyCache } from './key-cache.js';

it('serves a row only while the change token stays the same', () => {
  let token: string | null = 'a';
  const cache = createKeyCache<number>(() => token);
  expect(cache.get('h')).toBeUndefined();
  cache.set('h', 1);
  expect(cache.get('h')).toBe(1);
  token = 'b';
  expect(cache.get('h')).toBeUndefined();
  expect(cache.get('h')).toBeUndefined();
});

it('a row read before a change is dropped, even when stored after it', () => {
  let token: string | null = 'a';
  const cache = createKeyCache<number>(() => token);
  expect(cache.get('h')).toBeUndefined(); // lookup starts under token a
  token = 'b'; // a change lands while the row is being read
  cache.set('h', 1); // the row may be stale
  expect(cache.get('h')).toBeUndefined();
});

it('never caches when the backend cannot tell (null token)', () => {
  const cache = createKeyCache<number>(() => null);
  cache.set('h', 1);
  expect(cache.get('h')).toBeUndefined();
});

it('a token read by the caller (with its own read) is used instead of reading one', () => {
  let reads = 0;
  const cache = createKeyCache<number>(() => {
    reads += 1;
    return 'a';
  });
  expect(cache.get('h')).toBeUndefined();
  cache.set('h', 1);
  reads = 0;
  expect(cache.get('h', 'a')).toBe(1);
  expect(cache.get('h', 'b')).toBeUndefined(); // a change: emptied
  expect(reads).toBe(0);
  expect(cache.get('h')).toBeUndefined();
  expect(reads).toBe(1);
});

it('peek shows the stored row whatever the token, without emptying the cache', () => {
  let token = 'a';
  const cache = createKeyCache<number>(() => token);
  expect(cache.get('h')).toBeUndefined();
  cache.set('h', 1);
  token = 'b';
  expect(cache.peek('h')).toBe(1);
  expect(cache.peek('other')).toBeUndefined();
  expect(cache.get('h')).toBeUndefined();
  expect(cache.peek('h')).toBeUndefined();
});

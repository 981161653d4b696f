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

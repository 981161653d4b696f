import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deriveSlug, SLUG_MAX, slugCandidate } from './slug.js';

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

describe('deriveSlug', () => {
  it.each([
    ['Kaos Polos', 'kaos-polos'],
    ['  Kaos   Polos  ', 'kaos-polos'],
    ['Kaos_Polos!! (Hitam)', 'kaos-polos-hitam'],
    ['Café Crème', 'cafe-creme'],
    ['ÀÉÎÕÜ ñ ç', 'aeiou-n-c'],
    ['Promo 12.12', 'promo-12-12'],
    ['--a--b--', 'a-b'],
    ['ﬁle', 'file'], // compatibility ligature folds to ASCII
    ['Ｋａｏｓ', 'kaos'], // full-width letters
    ['100%', '100'],
  ])('%j -> %j', (input, expected) => {
    expect(deriveSlug(input)).toBe(expected);
  });

  it.each(['', '   ', '!!!', '---', '日本語', '🙂🙂', 'ا ب'])('%j yields nothing usable', (input) => {
    expect(deriveSlug(input)).toBe('');
  });

  it('cuts at 80 characters without leaving a trailing dash', () => {
    expect(deriveSlug('a'.repeat(200))).toBe('a'.repeat(80));
    const cut = deriveSlug(`${'a'.repeat(79)} b`);
    expect(cut).toBe('a'.repeat(79));
    expect(SLUG_MAX).toBe(80);
  });

  const anyText = fc.oneof(
    fc.string({ maxLength: 200 }),
    fc.string({ unit: 'grapheme', maxLength: 120 }),
    fc.string({ unit: fc.constantFrom(...'aZ09 -_!é漢ßÆ\u0301ﬁ.'.split('')), maxLength: 200 }),
  );

  it('property: the output is a clean slug or empty, at most 80 characters', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const slug = deriveSlug(text);
        expect(slug === '' || SLUG.test(slug), slug).toBe(true);
        expect(slug.length).toBeLessThanOrEqual(SLUG_MAX);
      }),
      { numRuns: 1000 },
    );
  });

  it('property: idempotent', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const once = deriveSlug(text);
        expect(deriveSlug(once)).toBe(once);
      }),
      { numRuns: 1000 },
    );
  });

  it('property: a clean slug of at most 80 characters is kept as is', () => {
    const word = fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'.split('')), minLength: 1, maxLength: 10 });
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 8 }), (words) => {
        const slug = words.join('-');
        expect(deriveSlug(slug)).toBe(slug);
        expect(deriveSlug(slug.toUpperCase())).toBe(slug);
      }),
    );
  });
});

describe('slugCandidate', () => {
  it('base, base-2, base-3, ...', () => {
    expect([1, 2, 3, 10].map((n) => slugCandidate('promo', n))).toEqual(['promo', 'promo-2', 'promo-3', 'promo-10']);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeIndonesianMobile } from '../../lib/phone.js';
import { passes, TEXT_RULES } from './field-rules.js';

// The browser hides the phone's message by TEXT_RULES.phone; the server decides with
// libphonenumber. The rule must never pass a number the server refuses (the buyer would see
// no message and be refused again), and must pass the ways buyers write a valid number.
const prefix = fc.constantFrom('0', '62', '+62', '0062', '+62 ', '(+62) ', '+62 0', '');
const separator = fc.constantFrom('', '', '', ' ', '-', '.', '/', '(', ')');
const digits = (min: number, max: number) => fc.array(fc.constantFrom(...'0123456789'), { minLength: min, maxLength: max }).map((d) => d.join(''));

/** A number as written: a prefix, then digits with separators between them. */
const written = (national: fc.Arbitrary<string>) =>
  fc.tuple(prefix, national, fc.array(separator, { minLength: 14, maxLength: 14 })).map(([p, n, seps]) => p + [...n].map((d, i) => d + seps[i]).join(''));

const phone = TEXT_RULES.phone;

describe('the phone rule the browser applies', () => {
  it('never passes a number the server refuses (any digits, any separators)', () => {
    fc.assert(
      fc.property(written(fc.tuple(fc.constantFrom('8', '81', '85', '80', '84', '2', '62', '0'), digits(4, 13)).map(([a, b]) => a + b)), (value) => {
        if (passes(phone, value)) expect(normalizeIndonesianMobile(value), value).not.toBeNull();
      }),
      { numRuns: 5000 },
    );
  });

  it('passes every valid mobile number in the forms buyers write', () => {
    const mobile = fc.tuple(fc.constantFrom('81', '82', '83', '85', '87', '88', '89'), digits(7, 10)).map(([a, b]) => a + b);
    fc.assert(
      fc.property(written(mobile), (value) => {
        expect(normalizeIndonesianMobile(value), value).not.toBeNull();
        expect(passes(phone, value), value).toBe(true);
      }),
      { numRuns: 5000 },
    );
  });

  it('refuses landlines, short numbers and other countries, as the server does', () => {
    for (const value of ['021-555-1234', '0812', '+65 8123 4567', '0812345678901234', '']) {
      expect(passes(phone, value), value).toBe(false);
      expect(normalizeIndonesianMobile(value), value).toBeNull();
    }
  });
});

describe('the other rules', () => {
  it('count characters, not UTF-16 units, of the trimmed value', () => {
    expect(passes(TEXT_RULES.name, ' 😀😀 ')).toBe(true);
    expect(passes(TEXT_RULES.name, ' a ')).toBe(false);
    expect(passes(TEXT_RULES.name, 'x'.repeat(100))).toBe(true);
    expect(passes(TEXT_RULES.name, '😀'.repeat(101))).toBe(false);
  });

  it('take a quantity from 1 to 99, an empty or well-formed email, a five-digit postal code', () => {
    expect(['1', '05', '99'].map((q) => passes(TEXT_RULES.quantity, q))).toEqual([true, true, true]);
    expect(['0', '00', '100', '1.5', '-1', ''].map((q) => passes(TEXT_RULES.quantity, q))).toEqual([false, false, false, false, false, false]);
    expect(['', 'siti@example.com'].map((e) => passes(TEXT_RULES.email, e))).toEqual([true, true]);
    expect(['siti@', 'siti@example', 'a b@example.com'].map((e) => passes(TEXT_RULES.email, e))).toEqual([false, false, false]);
    expect(['12810', ' 12810 '].map((c) => passes(TEXT_RULES.postal_code, c))).toEqual([true, true]);
    expect(['1281', '128100', '1281a'].map((c) => passes(TEXT_RULES.postal_code, c))).toEqual([false, false, false]);
  });
});

import { describe, expect, it } from 'vitest';
import { formatIndonesianPhone, hasLetters, normalizeIndonesianMobile, normalizeIndonesianPhone } from './phone.js';

describe('normalizeIndonesianPhone', () => {
  it.each([
    '081234567890',
    '0812-3456-7890',
    '0812 3456 7890',
    '0812.3456.7890',
    '(0812) 3456-7890',
    '  081234567890  ',
    '6281234567890',
    '62 812 3456 7890',
    '62-812-3456-7890',
    '+6281234567890',
    '+62 812 3456 7890',
    '+62 812-3456-7890',
    '+62.812.3456.7890',
    '+62 (0)812 3456 7890',
    '+62 0812 3456 7890',
    '620812 3456 7890',
    '0062 812 3456 7890',
    '81234567890',
  ])('reads %j as 6281234567890', (input) => {
    expect(normalizeIndonesianPhone(input)).toBe('6281234567890');
  });

  it('keeps numbers of every valid mobile length', () => {
    expect(normalizeIndonesianPhone('0812345678')).toBe('62812345678');
    expect(normalizeIndonesianPhone('0812-3456-789')).toBe('628123456789');
    expect(normalizeIndonesianPhone('0857 1234 5678')).toBe('6285712345678');
    expect(normalizeIndonesianPhone('0896-1234-5678')).toBe('6289612345678');
  });

  it('reads 62... as the country code, never as a 062x landline area', () => {
    expect(normalizeIndonesianPhone('62812345678')).toBe('62812345678');
    expect(normalizeIndonesianPhone('62 812 345 678')).toBe('62812345678');
    expect(normalizeIndonesianPhone('6281234567')).toBeNull();
  });

  it('accepts landlines in national and international form', () => {
    expect(normalizeIndonesianPhone('022 1234567')).toBe('62221234567');
    expect(normalizeIndonesianPhone('(021) 1234-5678')).toBe('622112345678');
    expect(normalizeIndonesianPhone('+62 22 1234567')).toBe('62221234567');
    expect(normalizeIndonesianPhone('6222 1234567')).toBe('62221234567');
  });

  it.each(['', '   ', 'abc', '12345', '0812', '08123456789012345', '0812-3456-7890 / 0813', '0'.repeat(41), '+62', '62'])(
    'rejects %j',
    (input) => {
      expect(normalizeIndonesianPhone(input)).toBeNull();
    },
  );

  it.each(['+60 12-345 6789', '+1 202 555 0123', '+65 8123 4567', '+44 7911 123456', '0060 12 345 6789', '+61 412 345 678'])(
    'rejects the foreign number %j',
    (input) => {
      expect(normalizeIndonesianPhone(input)).toBeNull();
    },
  );
});

describe('normalizeIndonesianMobile (the order form)', () => {
  it.each(['0812-3456-7890', '+62 812 3456 7890', '6281234567890', '0062 812 3456 7890', '(0812) 3456-7890', '81234567890'])(
    'reads %j as 6281234567890',
    (input) => {
      expect(normalizeIndonesianMobile(input)).toBe('6281234567890');
    },
  );

  it('accepts the mobile prefixes of every operator', () => {
    for (const [input, expected] of [['0857 1234 5678', '6285712345678'], ['0896-1234-5678', '6289612345678'], ['0878 1234 5678', '6287812345678'], ['0881 2345 6789', '6288123456789']]) {
      expect(normalizeIndonesianMobile(input!), input).toBe(expected);
    }
  });

  it.each(['022 1234567', '(021) 1234-5678', '+62 22 1234567', '', 'abc', '0812', '+60 12-345 6789'])('rejects %j (landline, not a number, or foreign)', (input) => {
    expect(normalizeIndonesianMobile(input)).toBeNull();
  });
});

describe('formatIndonesianPhone (the orders export)', () => {
  it('writes a stored mobile number national, in groups of four, and reads back as the same number', () => {
    for (const [stored, written] of [['6281234567890', '0812-3456-7890'], ['628123456789', '0812-3456-789'], ['6285712345678', '0857-1234-5678']]) {
      expect(formatIndonesianPhone(stored!)).toBe(written);
      expect(normalizeIndonesianMobile(written!)).toBe(stored);
    }
  });

  it("keeps a landline's digits together, and any other text as it is", () => {
    expect(formatIndonesianPhone('62221234567')).toBe('0221234567');
    expect(formatIndonesianPhone('+6281234567890')).toBe('+6281234567890');
    expect(formatIndonesianPhone('')).toBe('');
  });
});

describe('a phone written with a letter or another sign (issue 40 §1)', () => {
  // libphonenumber-js alone read these as another, valid number: a letter O for a zero lost the
  // last digit (0812 3456 789O -> 628123456789), "ext" made an extension, letters a keypad's digits.
  it.each(['0812 3456 789O', '0812 3456 789o', 'O812 3456 7890', '08l2 3456 7890', '0812-3456-7890 ext 12', '0812 ABC 7890', '0812 3456 7890x', '0812 3456 789٠O', '0812 3456 7890#', '0812+3456+7890', '0812 3456 7890,'])(
    'refuses %j on every path (both normalisers)',
    (input) => {
      expect(normalizeIndonesianPhone(input)).toBeNull();
      expect(normalizeIndonesianMobile(input)).toBeNull();
    },
  );

  it.each(['0812 3456 789O', 'O812-3456-7890', '0812 3456 789o', 'O8I2', '0812 ٣٤ é'])('tells a letter apart in %j', (input) => {
    expect(hasLetters(input)).toBe(true);
  });

  it.each(['0812 3456 7890', '+62 (0)812-3456-7890', '(+62) 812.3456.7890', '0812/3456/7890', ''])('reads no letter in %j', (input) => {
    expect(hasLetters(input)).toBe(false);
  });

  it('still reads spaces, dashes, dots, brackets, slashes and a leading +', () => {
    for (const input of ['0812 3456 7890', '0812-3456-7890', '0812.3456.7890', '(0812) 3456-7890', '+62 812 3456 7890', '(+62) 812-3456-7890', '0812/3456/7890']) {
      expect(normalizeIndonesianMobile(input), input).toBe('6281234567890');
    }
  });
});

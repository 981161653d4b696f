import { describe, expect, it } from 'vitest';
import { formatWhatsApp, hasLetters } from '../src/lib/phone.js';

describe('a WhatsApp number on the pages', () => {
  it('shows the stored 628… the way Indonesians write it', () => {
    expect(formatWhatsApp('6281234567001')).toBe('0812-3456-7001');
    expect(formatWhatsApp('628123456789')).toBe('0812-3456-789');
    expect(formatWhatsApp('62812345678901')).toBe('0812-3456-78901');
    expect(formatWhatsApp('6281299990000')).toBe('0812-9999-0000');
  });

  it('shows a landline in its national form, and anything else as stored', () => {
    expect(formatWhatsApp('622150001234')).toBe('02150001234');
    expect(formatWhatsApp('6512345678')).toBe('6512345678');
    expect(formatWhatsApp('')).toBe('');
  });
});

describe('a letter in a phone (issue 40 §1)', () => {
  it('is told apart as it is typed', () => {
    expect(hasLetters('0812 3456 789O')).toBe(true);
    expect(hasLetters('O812-3456-7890')).toBe(true);
    expect(hasLetters('+62 (0812) 3456.7890')).toBe(false);
    expect(hasLetters('')).toBe(false);
  });
});

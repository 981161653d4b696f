import { describe, expect, it } from 'vitest';
import { formatWhatsApp } from '../src/lib/phone.js';

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

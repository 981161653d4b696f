import { describe, expect, it } from 'vitest';
import { parseExpiry } from './parse-expiry.js';

describe('parseExpiry', () => {
  it('a date is the last millisecond of that day in the server time zone', () => {
    expect(parseExpiry('2026-11-30', 'Asia/Jakarta')).toBe(Date.parse('2026-12-01T00:00:00+07:00') - 1);
    expect(parseExpiry('2026-11-30', 'UTC')).toBe(Date.parse('2026-12-01T00:00:00Z') - 1);
    // The day before New York leaves daylight saving time ends at midnight EST, not EDT.
    expect(parseExpiry('2026-10-31', 'America/New_York')).toBe(Date.parse('2026-11-01T00:00:00-04:00') - 1);
    expect(parseExpiry('2026-11-01', 'America/New_York')).toBe(Date.parse('2026-11-02T00:00:00-05:00') - 1);
    expect(parseExpiry('2028-02-29', 'UTC')).toBe(Date.parse('2028-03-01T00:00:00Z') - 1);
  });

  it('a timestamp needs Z or an offset', () => {
    expect(parseExpiry('2026-11-30T10:00:00Z', 'Asia/Jakarta')).toBe(Date.parse('2026-11-30T10:00:00Z'));
    expect(parseExpiry('2026-11-30T10:00:00.250+07:00', 'UTC')).toBe(Date.parse('2026-11-30T03:00:00.250Z'));
    expect(parseExpiry('2026-11-30T10:00+07:00', 'UTC')).toBe(Date.parse('2026-11-30T03:00:00Z'));
    expect(parseExpiry('2026-11-30T10:00:00', 'UTC')).toBeNull();
  });

  it.each(['', '2026-02-30', '2027-02-29', '2026-13-01', '30-11-2026', '2026-11-30T24:00:00Z', '2026-11-30T10:60:00Z', '2026-11-30T10:00:00+25:00', 'tomorrow', '2026-11-30 extra'])(
    'refuses %j',
    (text) => expect(parseExpiry(text, 'UTC')).toBeNull(),
  );
});

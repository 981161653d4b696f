import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exactOffsetMinutes, formatTimestamp, startOfDay } from './time.js';

const AT = Date.UTC(2026, 0, 15, 3, 4, 5); // 2026-01-15T03:04:05Z, northern winter
const JULY = Date.UTC(2026, 6, 15, 3, 4, 5);

describe('formatTimestamp', () => {
  it('Asia/Jakarta is +07:00', () => {
    expect(formatTimestamp(AT, 'Asia/Jakarta')).toBe('2026-01-15T10:04:05+07:00');
    expect(formatTimestamp(JULY, 'Asia/Jakarta')).toBe('2026-07-15T10:04:05+07:00');
  });

  it('UTC is written +00:00, never Z', () => {
    const text = formatTimestamp(AT, 'UTC');
    expect(text).toBe('2026-01-15T03:04:05+00:00');
    expect(text).not.toContain('Z');
  });

  it('half- and quarter-hour zones', () => {
    expect(formatTimestamp(AT, 'Asia/Kolkata')).toBe('2026-01-15T08:34:05+05:30');
    expect(formatTimestamp(AT, 'Asia/Kathmandu')).toBe('2026-01-15T08:49:05+05:45');
    expect(formatTimestamp(AT, 'Australia/Adelaide')).toBe('2026-01-15T13:34:05+10:30'); // summer time
  });

  it('negative offsets, including half hours and daylight saving time', () => {
    expect(formatTimestamp(AT, 'America/New_York')).toBe('2026-01-14T22:04:05-05:00');
    expect(formatTimestamp(JULY, 'America/New_York')).toBe('2026-07-14T23:04:05-04:00');
    expect(formatTimestamp(AT, 'America/St_Johns')).toBe('2026-01-14T23:34:05-03:30');
    expect(formatTimestamp(AT, 'Pacific/Pago_Pago')).toBe('2026-01-14T16:04:05-11:00');
  });

  it('rolls the date over midnight, month and year ends', () => {
    expect(formatTimestamp(Date.UTC(2025, 11, 31, 17, 0, 0), 'Asia/Jakarta')).toBe('2026-01-01T00:00:00+07:00');
    expect(formatTimestamp(Date.UTC(2026, 1, 28, 16, 59, 59), 'Asia/Jakarta')).toBe('2026-02-28T23:59:59+07:00');
    expect(formatTimestamp(Date.UTC(2028, 1, 28, 17, 0, 0), 'Asia/Jakarta')).toBe('2028-02-29T00:00:00+07:00');
  });

  it('drops milliseconds (to the second, never rounded up)', () => {
    expect(formatTimestamp(AT + 999, 'Asia/Jakarta')).toBe('2026-01-15T10:04:05+07:00');
  });

  it('property: always ISO 8601 with an offset, and parses back to the same second', () => {
    const zones = ['Asia/Jakarta', 'Asia/Makassar', 'Asia/Jayapura', 'UTC', 'Asia/Kolkata', 'Asia/Kathmandu', 'America/New_York', 'America/St_Johns', 'Europe/London', 'Australia/Lord_Howe', 'Pacific/Chatham'];
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2100, 0, 1) }),
        fc.constantFrom(...zones),
        (ms, zone) => {
          const text = formatTimestamp(ms, zone);
          expect(text).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
          expect(Date.parse(text)).toBe(Math.floor(ms / 1000) * 1000);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('property: the cached offset equals the zone database at every instant, transitions included', () => {
    const zones = ['Asia/Jakarta', 'America/New_York', 'Europe/London', 'Australia/Lord_Howe', 'Pacific/Chatham', 'America/St_Johns', 'Asia/Kathmandu'];
    // Instants within a day of 2026's daylight-saving transitions (the cache is per UTC day), and anywhere else.
    const transitions = [Date.UTC(2026, 2, 8, 7), Date.UTC(2026, 10, 1, 6), Date.UTC(2026, 2, 29, 1), Date.UTC(2026, 9, 25, 1), Date.UTC(2026, 3, 4, 15), Date.UTC(2026, 3, 4, 14), Date.UTC(2026, 2, 8, 5, 30)]; // the last: St John's, mid-hour in UTC
    const near = fc.tuple(fc.constantFrom(...transitions), fc.integer({ min: -26 * 3_600_000, max: 26 * 3_600_000 })).map(([t, d]) => t + d);
    fc.assert(
      fc.property(fc.oneof(near, fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2100, 0, 1) })), fc.constantFrom(...zones), (ms, zone) => {
        const text = formatTimestamp(ms, zone);
        const offset = exactOffsetMinutes(ms, zone);
        const sign = offset < 0 ? '-' : '+';
        const abs = Math.abs(offset);
        expect(text.slice(19)).toBe(`${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`);
        expect(Date.parse(text)).toBe(Math.floor(ms / 1000) * 1000);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('startOfDay', () => {
  it("is the zone's local midnight of the day holding the instant", () => {
    // 2026-01-15 20:30 UTC is 16 January in Jayapura (UTC+9, 05:30) and in Jakarta (UTC+7, 03:30) too.
    const at = Date.UTC(2026, 0, 15, 20, 30);
    expect(startOfDay(at, 'Asia/Jayapura')).toBe(Date.UTC(2026, 0, 15, 15, 0));
    expect(startOfDay(at, 'Asia/Jakarta')).toBe(Date.UTC(2026, 0, 15, 17, 0));
    expect(startOfDay(Date.UTC(2026, 0, 15, 16, 59), 'Asia/Jakarta')).toBe(Date.UTC(2026, 0, 14, 17, 0));
  });
});

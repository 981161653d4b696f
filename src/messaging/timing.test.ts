// The messages' timing (issue 41 §1): every province's zone, quiet hours across midnight, fu3 on
// the first morning at least 12 hours after fu2's time, fu4 never before fu3.
import { describe, expect, it } from 'vitest';
import { PROVINCES } from '../shipping/provinces.js';
import { afterQuietHours, buyerOffsetMinutes, followUpDueTimes, inQuietHours, nextLocalTime, zoneOfProvince } from './timing.js';

const utc = (text: string) => Date.parse(`${text}Z`);
const QUIET = { start: '20:00', end: '08:00' };

describe('zones', () => {
  it('each of the 38 provinces has a zone; Papua and Maluku WIT, Bali and Sulawesi WITA, Java and Sumatra WIB', () => {
    for (const province of PROVINCES) expect(zoneOfProvince(province), province).not.toBeNull();
    expect(['Papua', 'Papua Pegunungan', 'Maluku Utara'].map(zoneOfProvince)).toEqual(['WIT', 'WIT', 'WIT']);
    expect(['Bali', 'Sulawesi Selatan', 'Kalimantan Timur', 'Nusa Tenggara Timur'].map(zoneOfProvince)).toEqual(['WITA', 'WITA', 'WITA', 'WITA']);
    expect(['DKI Jakarta', 'Aceh', 'Kalimantan Barat'].map(zoneOfProvince)).toEqual(['WIB', 'WIB', 'WIB']);
  });

  it("an unknown province takes the store's time zone", () => {
    expect(buyerOffsetMinutes('Atlantis', 'Asia/Makassar', Date.now())).toBe(480);
    expect(buyerOffsetMinutes(null, 'Asia/Jakarta', Date.now())).toBe(420);
    expect(buyerOffsetMinutes('Papua', 'Asia/Jakarta', Date.now())).toBe(540);
  });
});

describe('quiet hours', () => {
  it('[start, end) across midnight, in the given zone', () => {
    // 13:00 UTC is 20:00 WIB (quiet), 22:00 WIT (quiet); 00:59 UTC is 07:59 WIB (quiet), 01:00 UTC 08:00 WIB (not).
    expect(inQuietHours(utc('2026-12-07T12:59:00'), 420, QUIET)).toBe(false);
    expect(inQuietHours(utc('2026-12-07T13:00:00'), 420, QUIET)).toBe(true);
    expect(inQuietHours(utc('2026-12-08T00:59:00'), 420, QUIET)).toBe(true);
    expect(inQuietHours(utc('2026-12-08T01:00:00'), 420, QUIET)).toBe(false);
    // A window within one day.
    expect(inQuietHours(utc('2026-12-07T05:30:00'), 420, { start: '12:00', end: '13:00' })).toBe(true);
    expect(inQuietHours(utc('2026-12-07T06:00:00'), 420, { start: '12:00', end: '13:00' })).toBe(false);
  });

  it('a message due in them goes at their end; outside them, at once', () => {
    expect(afterQuietHours(utc('2026-12-07T13:30:00'), 540, QUIET)).toBe(utc('2026-12-07T23:00:00')); // 22:30 WIT -> 08:00 WIT
    expect(afterQuietHours(utc('2026-12-07T03:00:00'), 420, QUIET)).toBe(utc('2026-12-07T03:00:00'));
    expect(afterQuietHours(utc('2026-12-07T13:30:00'), 540, null)).toBe(utc('2026-12-07T13:30:00'));
  });
});

describe('follow-ups', () => {
  it('fu1 and fu2 after creation; fu3 at 09:00 on the first morning 12 hours after fu2; fu4 never before fu3', () => {
    // Created 10:00 WIB (03:00 UTC): fu2 at 06:00 WIB the next day, +12 h = 18:00 WIB, so fu3 at 09:00 WIB the day after.
    const due = followUpDueTimes(utc('2026-12-07T03:00:00'), 420, { fu1Minutes: 60, fu2Minutes: 20 * 60, fu4Minutes: 24 * 60 });
    expect(due.fu1).toBe(utc('2026-12-07T04:00:00'));
    expect(due.fu2).toBe(utc('2026-12-07T23:00:00'));
    expect(due.fu3).toBe(utc('2026-12-09T02:00:00'));
    expect(due.fu4).toBe(due.fu3 + 60_000);
    expect(followUpDueTimes(utc('2026-12-07T03:00:00'), 420, { fu1Minutes: 60, fu2Minutes: 20 * 60, fu4Minutes: 96 * 60 }).fu4).toBe(utc('2026-12-11T03:00:00'));
  });

  it('nextLocalTime: the same moment when it is that time, else the next', () => {
    expect(nextLocalTime(utc('2026-12-07T02:00:00'), 420, 9 * 60)).toBe(utc('2026-12-07T02:00:00'));
    expect(nextLocalTime(utc('2026-12-07T02:01:00'), 420, 9 * 60)).toBe(utc('2026-12-08T02:00:00'));
  });
});

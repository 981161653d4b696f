// The days of an insights range as runs of equal UTC hours (dayRunsOf): what the day series
// groups the hourly totals by.
import { describe, expect, it } from 'vitest';
import { dayRunsOf, readInsightRange } from './insight-range.js';

const HOUR_MS = 3_600_000;
const hourOf = (iso: string) => Date.parse(iso) / HOUR_MS;

function runs(from: string, to: string, timeZone: string) {
  const outcome = readInsightRange({ from, to }, timeZone);
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.fields));
  return { range: outcome.range, runs: dayRunsOf(outcome.range) };
}

describe('dayRunsOf', () => {
  it('makes one run of 24-hour days in a zone without a change of offset', () => {
    const { range, runs: found } = runs('2026-01-01', '2026-12-31', 'Asia/Jakarta');
    expect(found).toEqual([{ first: 0, from: hourOf('2025-12-31T17:00:00Z'), to: hourOf('2026-12-31T17:00:00Z'), length: 24 }]);
    expect(range.days).toHaveLength(365);
  });

  it('starts a day of a half-hour zone at the hour its midnight falls in, as the totals do', () => {
    const { range, runs: found } = runs('2026-03-10', '2026-03-11', 'Asia/Kolkata');
    // Midnight of the 10th in Kolkata is 18:30 UTC on the 9th: its day starts at 18:00.
    expect(found).toEqual([{ first: 0, from: hourOf('2026-03-09T18:00:00Z'), to: hourOf('2026-03-11T18:00:00Z'), length: 24 }]);
    expect(found[0]!.from).toBe(range.startHour);
    expect(found[0]!.to).toBe(range.endHour);
  });

  it('gives a day of 23 or 25 hours a run of its own where the offset changes', () => {
    const spring = runs('2026-03-28', '2026-03-30', 'Europe/Berlin').runs;
    expect(spring).toEqual([
      { first: 0, from: hourOf('2026-03-27T23:00:00Z'), to: hourOf('2026-03-28T23:00:00Z'), length: 24 },
      { first: 1, from: hourOf('2026-03-28T23:00:00Z'), to: hourOf('2026-03-29T22:00:00Z'), length: 23 },
      { first: 2, from: hourOf('2026-03-29T22:00:00Z'), to: hourOf('2026-03-30T22:00:00Z'), length: 24 },
    ]);
    const autumn = runs('2026-10-24', '2026-10-27', 'Europe/Berlin').runs;
    expect(autumn.map((r) => [r.first, r.length, r.to - r.from])).toEqual([[0, 24, 24], [1, 25, 25], [2, 24, 48]]);
  });

  it('puts every hour of the range in exactly one day, in order', () => {
    for (const timeZone of ['Asia/Jayapura', 'Asia/Kolkata', 'America/New_York', 'Australia/Lord_Howe']) {
      const { range, runs: found } = runs('2026-01-01', '2026-12-31', timeZone);
      const dayOf = (hour: number) => {
        const run = found.find((r) => hour >= r.from && hour < r.to)!;
        return Math.floor((hour - run.from) / run.length) + run.first;
      };
      let previous = 0;
      for (let hour = range.startHour; hour < range.endHour; hour++) {
        const day = dayOf(hour);
        expect(day === previous || day === previous + 1, `${timeZone} ${hour}`).toBe(true);
        previous = day;
      }
      expect(previous, timeZone).toBe(range.days.length - 1);
    }
  });
});

// The insights page's range in its address (issue 45 §2): a preset (`?range=7`, `30`, `90`,
// `month`, `last_month`) or days of its own (`?from=2026-11-01&to=2026-11-30`), so a view can
// be bookmarked and shared. Anything else reads as the default, the last 30 days. The days a
// preset means are worked out on the page, from today in the store's time zone. This file
// stays small and free of the page's code: the router, in the first script, imports it.

export const PRESETS = ['7', '30', '90', 'month', 'last_month'] as const;
export type Preset = (typeof PRESETS)[number];

export interface InsightsSearch {
  range?: Preset;
  from?: string;
  to?: string;
}

export const DEFAULT_PRESET: Preset = '30';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (value: unknown): value is string => typeof value === 'string' && DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

export function readInsightsSearch(search: Record<string, unknown>): InsightsSearch {
  if (isDay(search.from) && isDay(search.to) && search.from <= search.to) return { from: search.from, to: search.to };
  const range = typeof search.range === 'number' ? String(search.range) : search.range;
  return PRESETS.includes(range as Preset) ? { range: range as Preset } : {};
}

// The scenarios of `npm run bench:orders` (bench/orders.ts), one row each: the request, who
// sends it, the p95 target (issue 32 §6) and how its parameter sets are drawn from the
// seeded orders. The export (issue 33 §3) is measured apart, once a run: EXPORT_TARGETS.
/** What the parameter sets are drawn from: orders of the measured store picked at random, and its members. */
export interface Sample {
  /** Orders picked at random (so a common courier or name comes up as often as in the store). */
  orders: SampleOrder[];
  productIds: number[];
  csUserIds: number[];
  /** The store's time zone, in which `from` and `to` are days. */
  timeZone: string;
  /** The seeded period: the first and last creation time. */
  first: number;
  last: number;
}

export interface SampleOrder {
  id: number;
  created_at: number;
  status: string;
  customer_name: string;
  customer_phone: string;
  resi: string | null;
  product_id: number;
  payment_method: string;
  courier: string;
  customer_province: string;
  utm_source: string | null;
  utm_campaign: string | null;
  assigned_user_id: number | null;
}

export type Caller = 'owner' | 'cs';

export interface Scenario {
  name: string;
  /** Which target it is judged by (TARGETS). */
  target: TargetName;
  as: Caller;
  /** The query string (without `?`) of each request, drawn with `random`; `cursor` is added for a next page. */
  draw(sample: Sample, random: () => number): Query;
  /** GET /dashboard/api/orders (list), /orders/counts (counts), /orders/{id} (order), /insights (insights) or /insights/follow-up (followUp). */
  route: 'list' | 'counts' | 'order' | 'insights' | 'followUp';
  /** The list's next page: each request carries the cursor its first page answered. */
  nextPage?: boolean;
}

export type Query = Record<string, string>;

/** Issue 32 §6, issue 39 §4: the p95 each kind of request must stay under, in ms. */
export const TARGETS = {
  list: { p95Ms: 100, text: 'list and exact search: p95 <= 100 ms' },
  counts: { p95Ms: 100, text: 'counts, unfiltered, a range up to 90 days, each single filter (the flags and spam included), a CS\'s, two filters: p95 <= 100 ms' },
  countsHeavy: { p95Ms: 300, text: 'counts under a name search (each status counted up to 1,000): p95 <= 300 ms' },
  nameList: { p95Ms: 300, text: 'list under a name search: p95 <= 300 ms' },
  order: { p95Ms: 50, text: "the order's page with its history: p95 <= 50 ms" },
  insights: { p95Ms: 300, text: 'every request of the page "Laporan" (insights, follow-up times) for a 90-day range or a whole year: p95 <= 300 ms' },
} as const;
export type TargetName = keyof typeof TARGETS;

const DAY = 86_400_000;
const pick = <T>(list: readonly T[], random: () => number): T => list[Math.floor(random() * list.length)]!;
const order = (s: Sample, random: () => number) => pick(s.orders, random);

/** YYYY-MM-DD of an instant in the zone. */
function day(ms: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(ms);
}

/** The days from `start` to `days - 1` days later, inclusive. */
const days = (start: number, count: number, timeZone: string): Query => ({ from: day(start, timeZone), to: day(start + (count - 1) * DAY, timeZone) });

/** A range of 1 to `maxDays` whole days inside the seeded period. */
function range(s: Sample, random: () => number, maxDays: number): Query {
  const count = 1 + Math.floor(random() * maxDays);
  return days(s.first + random() * Math.max(0, s.last - s.first - count * DAY), count, s.timeZone);
}

// Each single filter, its value taken from a random order of the store (so values come as
// often as the store has them, and the filtered list is never empty).
const FILTERS: Record<string, (s: Sample, random: () => number) => Query> = {
  status: (s, r) => ({ status: order(s, r).status }),
  'date range': (s, r) => range(s, r, 90),
  product: (s, r) => ({ product_id: String(order(s, r).product_id) }),
  cs: (s, r) => {
    const o = order(s, r);
    return { cs: o.assigned_user_id === null ? 'none' : String(o.assigned_user_id) };
  },
  'payment method': (s, r) => ({ payment_method: order(s, r).payment_method }),
  courier: (s, r) => ({ courier: order(s, r).courier }),
  province: (s, r) => ({ province: order(s, r).customer_province }),
  'utm source': (s, r) => ({ utm_source: utmOf(s, r).utm_source! }),
  'utm campaign': (s, r) => ({ utm_campaign: utmOf(s, r).utm_campaign! }),
  // Issue 34's "who to chase next". The seeded orders never had a follow-up: the worst case.
  'never followed up': () => ({ followed_up: 'none' }),
  'stale hours': (_s, r) => ({ stale_hours: String(1 + Math.floor(r() * 72)) }),
  // Issue 43's tabs: "Perlu dicek" (any flag not dismissed), one flag, "Spam".
  'needs check': () => ({ flag: 'any' }),
  'a flag': (_s, r) => ({ flag: pick(['duplicate', 'cod_risk', 'burst', 'not_whatsapp'], r) }),
  spam: () => ({ spam: 'only' }),
  // Issue 44's labels: the seeded store's shipped orders have theirs printed (about half).
  'labels printed': () => ({ printed: 'true' }),
  'labels not printed': () => ({ printed: 'false' }),
  // The packer's view, and its worst case: none of the paid orders has its label printed.
  'paid, labels not printed': () => ({ status: 'paid', printed: 'false' }),
  'paid, labels printed': () => ({ status: 'paid', printed: 'true' }),
};

/** A random order that has `has` (came through an ad, was shipped). */
function orderWith(s: Sample, random: () => number, has: (o: SampleOrder) => boolean): SampleOrder {
  for (let i = 0; i < 10_000; i++) {
    const o = order(s, random);
    if (has(o)) return o;
  }
  throw new Error('the sampled orders have none to draw from: seed more orders');
}
const utmOf = (s: Sample, random: () => number) => orderWith(s, random, (o) => o.utm_source !== null && o.utm_campaign !== null);

/** Two filters of the same random order (so their intersection holds at least that order). */
function twoFilters(s: Sample, random: () => number): Query {
  const o = random() < 0.5 ? utmOf(s, random) : order(s, random);
  const all: Array<[string, string | null]> = [
    ['product_id', String(o.product_id)],
    ['payment_method', o.payment_method],
    ['courier', o.courier],
    ['province', o.customer_province],
    ['utm_source', o.utm_source],
    ['utm_campaign', o.utm_campaign],
    ['cs', o.assigned_user_id === null ? 'none' : String(o.assigned_user_id)],
  ];
  const fields = all.filter((f): f is [string, string] => f[1] !== null);
  const first = pick(fields, random);
  const second = pick(fields.filter((f) => f[0] !== first[0]), random);
  // A date range as the second filter a third of the time, one that holds the order's day.
  if (random() < 0.33) {
    const count = 1 + Math.floor(random() * 90);
    return { [first[0]]: first[1], ...days(Math.max(s.first, o.created_at - random() * (count - 1) * DAY), count, s.timeZone) };
  }
  return { [first[0]]: first[1], [second[0]]: second[1] };
}

/** A phone as people write it: 0812-3456-7890, +62 812 3456 7890, 6281234567890, 081234567890. */
function writtenPhone(international: string, random: () => number): string {
  const national = `0${international.slice(2)}`;
  const groups = (digits: string) => digits.replace(/^(\d{4})(\d{4})(\d+)$/, '$1-$2-$3');
  switch (Math.floor(random() * 4)) {
    case 0:
      return groups(national);
    case 1:
      return `+62 ${international.slice(2, 5)} ${international.slice(5, 9)} ${international.slice(9)}`;
    case 2:
      return international;
    default:
      return national;
  }
}

/**
 * A name as a seller types it: a first name (the common ones come up as often as the store
 * has them: "Siti" is in one order of twelve), a whole name, or a part of one (three to six
 * letters from inside a word), in any case.
 */
function typedName(s: Sample, random: () => number): string {
  const name = order(s, random).customer_name;
  const words = name.split(' ');
  const roll = random();
  let typed: string;
  if (roll < 0.4) typed = words[0]!;
  else if (roll < 0.7) typed = name;
  else {
    const word = pick(words.filter((w) => w.length >= 3).length > 0 ? words.filter((w) => w.length >= 3) : [name], random);
    const length = Math.min(word.length, 3 + Math.floor(random() * 4));
    const start = Math.floor(random() * (word.length - length + 1));
    typed = word.slice(start, start + length);
  }
  return random() < 0.5 ? typed.toLowerCase() : typed;
}


const listRows = (as: Caller): Scenario[] => [
  { name: 'list, first page', target: 'list', as, route: 'list', draw: () => ({}) },
  ...Object.entries(FILTERS).flatMap(([filter, draw]): Scenario[] => [
    { name: `list, first page, ${filter}`, target: 'list', as, route: 'list', draw },
  ]),
];

// Issue 45: the page "Laporan" asks each breakdown of a range (and of the period before it).
const BREAKDOWNS = ['day', 'product', 'cs', 'utm_source', 'utm_campaign', 'payment_method', 'courier', 'province'] as const;
/** The last 365 days of the seeded period. */
const aYear = (s: Sample): Query => days(s.last - 364 * DAY, 365, s.timeZone);
const ninetyDays = (s: Sample, r: () => number): Query => days(s.first + r() * Math.max(0, s.last - s.first - 90 * DAY), 90, s.timeZone);
const insightRows = (): Scenario[] => [
  ...(['90 days', 'a year'] as const).flatMap((span): Scenario[] => {
    const draw = span === '90 days' ? ninetyDays : aYear;
    return [
      { name: `insights, ${span}, totals`, target: 'insights', as: 'owner', route: 'insights', draw },
      ...BREAKDOWNS.map((by): Scenario => ({ name: `insights, ${span}, by ${by}`, target: 'insights', as: 'owner', route: 'insights', draw: (s, r) => ({ ...draw(s, r), by }) })),
      { name: `insights, ${span}, follow-up times`, target: 'insights', as: 'owner', route: 'followUp', draw },
    ];
  }),
  { name: 'CS: insights, a year, by day', target: 'insights', as: 'cs', route: 'insights', draw: (s) => ({ ...aYear(s), by: 'day' }) },
  { name: 'CS: insights, a year, by product', target: 'insights', as: 'cs', route: 'insights', draw: (s) => ({ ...aYear(s), by: 'product' }) },
  { name: 'CS: insights, a year, follow-up times', target: 'insights', as: 'cs', route: 'followUp', draw: aYear },
];

export const SCENARIOS: Scenario[] = [
  ...listRows('owner'),
  { name: 'list, next page', target: 'list', as: 'owner', route: 'list', nextPage: true, draw: () => ({}) },
  ...Object.entries(FILTERS).map(([filter, draw]): Scenario => ({ name: `list, next page, ${filter}`, target: 'list', as: 'owner', route: 'list', nextPage: true, draw })),
  { name: 'search, order number', target: 'list', as: 'owner', route: 'list', draw: (s, r) => ({ q: String(order(s, r).id) }) },
  { name: 'search, phone', target: 'list', as: 'owner', route: 'list', draw: (s, r) => ({ q: writtenPhone(order(s, r).customer_phone, r) }) },
  {
    name: 'search, resi',
    target: 'list',
    as: 'owner',
    route: 'list',
    draw: (s, r) => {
      const resi = orderWith(s, r, (o) => o.resi !== null).resi!;
      return { q: r() < 0.5 ? resi.toLowerCase() : resi };
    },
  },
  { name: 'search, name', target: 'nameList', as: 'owner', route: 'list', draw: (s, r) => ({ q: typedName(s, r) }) },
  { name: 'counts', target: 'counts', as: 'owner', route: 'counts', draw: () => ({}) },
  ...Object.entries(FILTERS)
    .filter(([filter]) => filter !== 'status')
    .map(([filter, draw]): Scenario => ({ name: `counts, ${filter}`, target: 'counts', as: 'owner', route: 'counts', draw })),
  { name: 'counts, two filters', target: 'counts', as: 'owner', route: 'counts', draw: twoFilters },
  { name: 'counts, name search', target: 'countsHeavy', as: 'owner', route: 'counts', draw: (s, r) => ({ q: typedName(s, r) }) },
  { name: "order's page with its history", target: 'order', as: 'owner', route: 'order', draw: (s, r) => ({ id: String(order(s, r).id) }) },
  // A CS sees only the orders assigned to them: their list, counts and search.
  { name: 'CS: list, first page', target: 'list', as: 'cs', route: 'list', draw: () => ({}) },
  { name: 'CS: counts', target: 'counts', as: 'cs', route: 'counts', draw: () => ({}) },
  { name: 'CS: list, needs check', target: 'list', as: 'cs', route: 'list', draw: () => ({ flag: 'any' }) },
  { name: 'CS: counts, needs check', target: 'counts', as: 'cs', route: 'counts', draw: () => ({ flag: 'any' }) },
  { name: 'CS: search, name', target: 'nameList', as: 'cs', route: 'list', draw: (s, r) => ({ q: typedName(s, r) }) },
  ...insightRows(),
];

/** The path of a request of `scenario` with `query`. */
export function pathOf(scenario: Scenario, query: Query): string {
  if (scenario.route === 'order') return `/dashboard/api/orders/${query.id}`;
  const search = new URLSearchParams(query).toString();
  const base = { list: '/dashboard/api/orders', counts: '/dashboard/api/orders/counts', insights: '/dashboard/api/insights', followUp: '/dashboard/api/insights/follow-up' }[scenario.route];
  return search === '' ? base : `${base}?${search}`;
}

/**
 * Issue 33 §3: the CSV export of the store beside the measured one (a tenth of --orders: 100,000
 * orders at a million), every order, by its owner, read by one client as fast as it takes it:
 * its first byte within 1 s, and the server's resident memory (VmRSS) at most 100 MB above what
 * it was before the export while the export runs.
 */
export const EXPORT_TARGETS = {
  firstByteMs: 1_000,
  rssGrowthMb: 100,
  text: "export of the neighbour store's orders: first byte <= 1000 ms, the server's RSS growth <= 100 MB",
} as const;
export const EXPORT_PATH = '/dashboard/api/orders/export.csv';

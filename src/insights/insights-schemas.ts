// TypeBox contracts of insights in the dashboard (issue 45 §2; openapi/dashboard.json).
import { Type } from 'typebox';
import { Nullable } from '../lib/http/schema-parts.js';
import { INSIGHT_FIELDS } from './figures.js';
import { MAX_DAYS } from './insight-range.js';
import { BREAKDOWNS } from './read-insights.js';

const Day = (what: string) => Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: `${what} (YYYY-MM-DD), a day in the store's time zone, inclusive.`, examples: ['2026-11-22'] });

const RANGE = { from: Day('The first day of order creation'), to: Day(`The last day (at most ${MAX_DAYS} days from \`from\`)`) };

export const InsightsQuery = Type.Object(
  {
    ...RANGE,
    by: Type.Optional(Type.Union(BREAKDOWNS.map((b) => Type.Literal(b)), { description: 'One row per value of this breakdown; absent: totals only (`rows` empty).' })),
  },
  { additionalProperties: false },
);
export const FollowUpQuery = Type.Object(RANGE, { additionalProperties: false });

const Count = Type.Integer({ minimum: 0 });
const Rate = (what: string) => Nullable(Type.Number({ minimum: 0, description: `${what}, a fraction; null when the denominator is 0.` }));

const FIGURE_DOCS: Record<(typeof INSIGHT_FIELDS)[number], string> = {
  orders: 'Orders (leads) created in the range.',
  form_orders: 'Of them, placed on the order form.',
  closed: 'Of them, ever at closing, paid, shipped or completed (counting the status it started in).',
  paid: 'Transfer and gateway orders ever at paid, shipped or completed, or at closing by the gateway\'s payment; COD orders ever completed.',
  shipped: 'Ever at shipped or completed.',
  completed: 'Completed now.',
  cancelled: 'Cancelled now and never shipped.',
  returned: 'Shipped once and cancelled now.',
  invalid: 'At invalid_no_hp now.',
  followed_up: 'Followed up at least once (a member\'s press or an automated message).',
  revenue: 'The total (rupiah) of the paid orders not cancelled now.',
};

const figures = {
  views: Nullable(Type.Integer({ minimum: 0, description: 'Form views (by product, day, UTM source and campaign; null for other breakdowns and for a CS).' })),
  ...Object.fromEntries(INSIGHT_FIELDS.map((f) => [f, Type.Integer({ minimum: 0, description: FIGURE_DOCS[f] })])),
  conversion: Rate('form_orders / views'),
  closing_rate: Rate('closed / orders'),
  paid_rate: Rate('paid / orders'),
  return_rate: Rate('returned / shipped'),
};

export const InsightsBody = Type.Object(
  {
    totals: Type.Object(figures, { additionalProperties: false }),
    rows: Type.Array(
      Type.Object(
        {
          key: Type.String({ description: 'The value: a day (YYYY-MM-DD), a product or member id, a UTM value, a payment method, courier or province; `""` for none (no UTM, no CS).' }),
          label: Type.String({ description: 'How the value reads: the product\'s or member\'s name, "(tanpa UTM)", "Belum ada CS".' }),
          ...figures,
        },
        { additionalProperties: false },
      ),
      { description: 'Days in order, every day of the range; other breakdowns by orders, most first.' },
    ),
  },
  { additionalProperties: false },
);

const Timing = (what: string) =>
  Type.Object(
    {
      median_minutes: Nullable(Type.Number({ minimum: 0, description: `Median minutes from creation to ${what}; null when none.` })),
      p90_minutes: Nullable(Type.Number({ minimum: 0, description: `90th percentile of the same.` })),
    },
    { additionalProperties: false },
  );

export const FollowUpBody = Type.Object(
  {
    rows: Type.Array(
      Type.Object(
        {
          cs: Type.String({ description: 'The member id of the orders\' current CS; `""` for unassigned orders.' }),
          label: Type.String({ description: 'The member\'s name, or "Belum ada CS".' }),
          orders: Count,
          followed_up: Count,
          manual: Timing('the first follow-up a member pressed'),
          automated: Timing('the first automated message sent'),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

// Insights in the dashboard (issue 45 §2; docs/insights.md): a range's figures in total and per
// breakdown, the time to the first follow-up per CS, each as JSON and as CSV. Any member: owners
// and admins read the store's, a CS the figures of the orders assigned to them (and no views).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { COMMON_CODES, SESSION_CODES, SESSION_SCHEME, csvResponse, dashboardErrors, jsonResponse } from '../dashboard/contract.js';
import { dashboardRoute, invalid } from '../dashboard/route.js';
import { orderScopeOf } from '../orders/core/order-scope.js';
import { storeTimeZone } from '../tenants/store-time-zone.js';
import { followUpCsv, insightsCsv } from './insights-csv.js';
import { FollowUpBody, FollowUpQuery, InsightsBody, InsightsQuery } from './insights-schemas.js';
import { INSIGHTS_TEXT } from './insights-text.js';
import { readInsightRange, MAX_DAYS } from './insight-range.js';
import { readFollowUps } from './read-follow-up.js';
import { readInsights } from './read-insights.js';

const SESSION = [{ [SESSION_SCHEME]: [] }];
const TAGS = ['Insights'];
const ERRORS = dashboardErrors([...SESSION_CODES, ...COMMON_CODES, 'invalid_request']);
const SCOPE = 'Any member: owners and admins read the store\'s figures, a CS those of the orders assigned to them now (no views: `views` and `conversion` are null).';
const RANGE = `\`from\` and \`to\` are days of order creation in the store's time zone, both required and inclusive, at most ${MAX_DAYS} days; a bad date, \`from\` after \`to\` or a longer range: 422 \`invalid_request\` with \`fields\`. Spam orders count in none.`;
const CSV = 'UTF-8 with a BOM, `;` between cells, CRLF, rates with a decimal comma, a cell that would run as a formula prefixed with `\'`.';
const byText = (path: string) => (path === 'by' ? INSIGHTS_TEXT.by : undefined);
const attachment = (name: string) => ({ 'Content-Disposition': { description: `attachment; filename="${name}-FROM-TO.csv"`, type: 'string' as const, required: true } });

export function insightsDashboardRoutes(app: FastifyInstance, ctx: AppContext): void {
  const rangeOf = async (tenantId: number, query: { from: string; to: string }) => readInsightRange(query, await storeTimeZone(ctx.db, tenantId, ctx.config.timeZone));

  for (const format of ['json', 'csv'] as const) {
    dashboardRoute(app, ctx, {
      method: 'GET',
      url: format === 'json' ? '/dashboard/api/insights' : '/dashboard/api/insights.csv',
      access: 'member',
      fieldText: byText,
      contract: {
        operationId: format === 'json' ? 'readInsights' : 'exportInsights',
        summary: format === 'json' ? 'A range\'s figures: the funnel, rates and revenue, in total and per breakdown' : 'The same figures as a CSV file',
        description: `${SCOPE} ${RANGE} The figures and rates are defined in docs/insights.md.${format === 'csv' ? ` ${CSV} The first line after the header is the total (key \`total\`).` : ''}`,
        tags: TAGS,
        security: SESSION,
        querystring: InsightsQuery,
        response: {
          200: format === 'json' ? jsonResponse('The totals, and a row per value of `by`.', InsightsBody) : csvResponse('The file.', attachment('laporan')),
          ...ERRORS,
        },
      },
      handler: async ({ session, query }) => {
        const range = await rangeOf(session.tenantId, query);
        if (!range.ok) return invalid(range.fields);
        const insights = await readInsights(ctx.db, session.tenantId, orderScopeOf(session), range.range, query.by ?? null);
        if (format === 'json') return { status: 200, body: insights };
        return { status: 200, body: insightsCsv(insights), headers: csvHeaders(`laporan${query.by ? `-${query.by}` : ''}-${query.from}-${query.to}`) };
      },
    });

    dashboardRoute(app, ctx, {
      method: 'GET',
      url: format === 'json' ? '/dashboard/api/insights/follow-up' : '/dashboard/api/insights/follow-up.csv',
      access: 'member',
      contract: {
        operationId: format === 'json' ? 'readFollowUpTimes' : 'exportFollowUpTimes',
        summary: format === 'json' ? 'Per CS: the orders followed up and the minutes to the first follow-up' : 'The same as a CSV file',
        description:
          `${SCOPE} ${RANGE} Per CS (the orders' current assignee; \`""\` for unassigned orders): the orders, those followed up, and the median and 90th percentile of the minutes from an order's creation to the first follow-up a member pressed (\`manual\`) and to the first automated message sent (\`automated\`), read from histograms with fixed buckets (docs/insights.md).` +
          (format === 'csv' ? ` ${CSV}` : ''),
        tags: TAGS,
        security: SESSION,
        querystring: FollowUpQuery,
        response: {
          200: format === 'json' ? jsonResponse('A row per CS with orders in the range, most orders first.', FollowUpBody) : csvResponse('The file.', attachment('follow-up')),
          ...ERRORS,
        },
      },
      handler: async ({ session, query }) => {
        const range = await rangeOf(session.tenantId, query);
        if (!range.ok) return invalid(range.fields);
        const rows = await readFollowUps(ctx.db, session.tenantId, orderScopeOf(session), range.range);
        if (format === 'json') return { status: 200, body: { rows } };
        return { status: 200, body: followUpCsv(rows), headers: csvHeaders(`follow-up-${query.from}-${query.to}`) };
      },
    });
  }
}

const csvHeaders = (name: string) => ({ 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${name}.csv"` });

// The dashboard's web application (web/, built by `npm run build` into dist/web/), served at
// /dashboard/ by this process: its hashed assets cached for a year (gzip or brotli when the
// browser takes them), every other page path answered with the app's index.html so that deep
// links and reloads work, each page under a Content-Security-Policy that lets only this origin
// run code and never lets the dashboard be framed (unlike the order form). `GET /` leads here.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../context.js';
import { escapeHtml } from '../lib/escape-html.js';
import { dashboardFailure, isDashboardApi, sendFailure } from '../lib/http/failures.js';

export const DASHBOARD_CSP = "default-src 'self'; script-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

/** dist/web at the package root: from src/dashboard/, dist/dashboard/ and build/src/dashboard/ alike. */
export function findWebDir(): string | null {
  for (const relative of ['../../dist/web', '../../../dist/web']) {
    const dir = fileURLToPath(new URL(relative, import.meta.url));
    if (fs.existsSync(path.join(dir, 'index.html'))) return dir;
  }
  return null;
}

const PAGE_HEADERS = {
  'content-security-policy': DASHBOARD_CSP,
  'x-content-type-options': 'nosniff',
  // Invitation and reset links carry their token in the address: no page passes it on.
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-cache',
} as const;

/** The built index.html, told the server's time zone (dates show in it, `TZ`). */
export function renderIndex(html: string, timeZone: string): string {
  return html.replace('%LAPAK_TIME_ZONE%', escapeHtml(timeZone));
}

export async function webAppRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const toDashboard = (_request: unknown, reply: FastifyReply) => reply.redirect('/dashboard/', 302);
  app.get('/', toDashboard);
  app.get('/dashboard', toDashboard);

  const dir = findWebDir();
  if (!dir) {
    // A checkout where `npm run build` has not run: say so instead of a bare 404.
    app.get('/dashboard/*', async (request, reply) => {
      if (isDashboardApi(request.url)) return sendFailure(reply, dashboardFailure('not_found'));
      return reply.code(503).type('text/plain; charset=utf-8').send('The dashboard is not built: run `npm run build`.\n');
    });
    return;
  }
  const index = renderIndex(fs.readFileSync(path.join(dir, 'index.html'), 'utf8'), ctx.config.timeZone);

  await app.register(fastifyStatic, {
    root: path.join(dir, 'assets'),
    prefix: '/dashboard/assets/',
    decorateReply: false,
    index: false,
    // File names carry their content hash: a new build gets new names.
    immutable: true,
    maxAge: '365d',
    preCompressed: true,
    setHeaders: (reply) => reply.header('x-content-type-options', 'nosniff'),
  });

  // The few files beside index.html (the icon): small, cached for a day.
  for (const name of fs.readdirSync(dir)) {
    if (name === 'index.html' || name === 'assets') continue;
    const bytes = fs.readFileSync(path.join(dir, name));
    const type = name.endsWith('.svg') ? 'image/svg+xml' : 'application/octet-stream';
    app.get(`/dashboard/${name}`, async (_request, reply) => reply.header('cache-control', 'public, max-age=86400').header('x-content-type-options', 'nosniff').type(type).send(bytes));
  }

  app.get('/dashboard/*', async (request, reply) => {
    if (isDashboardApi(request.url)) return sendFailure(reply, dashboardFailure('not_found'));
    return reply.headers(PAGE_HEADERS).type('text/html; charset=utf-8').send(index);
  });
}

// The API-key routes of the dashboard (docs/dashboard.md, "API keys"): owner, or an admin with
// the integrations permission. Another store's key is not found.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { COMMON_CODES, SESSION_CODES, SESSION_SCHEME, WRITE_CODES, dashboardErrors, jsonResponse } from '../dashboard/contract.js';
import { dashboardRoute, fromRefusal } from '../dashboard/route.js';
import { formatTimestamp } from '../lib/time.js';
import { storeTimeZone } from '../tenants/store-time-zone.js';
import { issueKeyForPurpose } from './issue-key-for-purpose.js';
import { listKeys } from './list-keys.js';
import { revokeKey } from './revoke-key.js';
import { IssueKeyBody, IssuedKeyBody, KeyIdParams, KeyList, RevokedKeyBody } from './schemas.js';

const SESSION = [{ [SESSION_SCHEME]: [] }];
const TAGS = ['API keys'];
const READ_CODES = [...SESSION_CODES, 'forbidden', ...COMMON_CODES] as const;

export function apiKeyDashboardRoutes(app: FastifyInstance, ctx: AppContext): void {
  const timeZone = ctx.config.timeZone;

  dashboardRoute(app, ctx, {
    method: 'GET',
    url: '/dashboard/api/keys',
    access: 'integrations:manage',
    contract: {
      operationId: 'listKeys',
      summary: "The store's API keys, revoked and expired ones included; never a key or its hash",
      description: 'Owner, or an admin with the integrations permission (403 `forbidden` otherwise).',
      tags: TAGS,
      security: SESSION,
      response: { 200: jsonResponse('The keys, oldest first.', KeyList), ...dashboardErrors(READ_CODES) },
    },
    handler: async ({ session }) => ({ status: 200, body: await listKeys(ctx.db, session.tenantId, timeZone) }),
  });

  dashboardRoute(app, ctx, {
    method: 'POST',
    url: '/dashboard/api/keys',
    access: 'integrations:manage',
    contract: {
      operationId: 'issueKey',
      summary: 'Issue a key for a purpose, with a mandatory expiry; the key is shown this once',
      description:
        'SPEC "Key issuance". 409 `key_name_taken` when an active key (neither revoked nor expired) of the store has the name; 422 `expires_at_required` without an expiry, `expires_at_past` for one not in the future, `invalid_request` for a malformed one.',
      tags: TAGS,
      security: SESSION,
      body: IssueKeyBody,
      response: {
        201: jsonResponse('The key, shown this once.', IssuedKeyBody),
        ...dashboardErrors([...READ_CODES, ...WRITE_CODES, 'key_name_taken', 'invalid_request', 'expires_at_required', 'expires_at_past']),
      },
    },
    handler: async ({ session, body }) => {
      // The date the person picked is a day of the store's calendar; the answer's timestamp is in the server's zone.
      const storeZone = await storeTimeZone(ctx.db, session.tenantId, timeZone);
      const issued = await issueKeyForPurpose(ctx.db, ctx.clock, session.tenantId, { name: body.name, purpose: body.purpose, expiresAt: body.expires_at }, storeZone);
      if (!issued.ok) {
        return fromRefusal(issued, {
          invalid_name: { code: 'invalid_request', field: 'name' },
          invalid_scope: { code: 'invalid_request', field: 'purpose' },
          invalid_purpose: { code: 'invalid_request', field: 'purpose' },
          invalid_expires_at: { code: 'invalid_request', field: 'expires_at' },
          expires_at_required: 'expires_at_required',
          expires_at_past: 'expires_at_past',
          key_name_taken: 'key_name_taken',
          tenant_not_found: 'login_required',
        });
      }
      const { id, key, marker, scopes, expires_at } = issued.value;
      return { status: 201, body: { id, key, marker, scopes, expires_at: formatTimestamp(expires_at!, timeZone) } };
    },
  });

  dashboardRoute(app, ctx, {
    method: 'POST',
    url: '/dashboard/api/keys/:id/revoke',
    access: 'integrations:manage',
    contract: {
      operationId: 'revokeKey',
      summary: 'Revoke a key: irreversible, effective on the next API request (SPEC 401 "API key revoked")',
      description: "404 `not_found` for an unknown, already revoked or another store's key.",
      tags: TAGS,
      security: SESSION,
      params: KeyIdParams,
      response: { 200: jsonResponse('Revoked.', RevokedKeyBody), ...dashboardErrors([...READ_CODES, ...WRITE_CODES, 'not_found']) },
    },
    handler: async ({ session, params }) => {
      const revoked = await revokeKey(ctx.db, ctx.clock, session.tenantId, params.id);
      return revoked.ok ? { status: 200, body: revoked.value } : fromRefusal(revoked, { key_not_found: 'not_found' });
    },
  });
}

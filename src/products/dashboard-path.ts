// The dashboard's path of /api/products.php (SPEC "action handling": without an action the
// request needs a login session; an API key is ignored). Every answer stays in SPEC's product
// family {error} (a refused field adds `fields`), in SPEC's words where SPEC has them and in the
// dashboard's Indonesian ones otherwise: a seller reads them. The IP window was consumed by the
// caller before; the cross-site rule ran in the onRequest hook (src/dashboard/cross-site.ts).
// docs/products.md lists the answers.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { productFailure, sendFailure, type DashboardFailure, type ProductFailure } from '../lib/http/failures.js';
import { DASHBOARD_ERRORS, DASHBOARD_REFUSAL_TEXT, PRODUCT_TEXT, TRANSPORT_TEXT } from '../lib/http/messages.js';
import { parseJsonObject, parsePositiveId, queryParam } from '../lib/http/request.js';
import type { Permission } from '../lib/permissions.js';
import { requireSession } from '../sessions/require-session.js';
import { sessionCookie } from '../sessions/session-cookie.js';
import { createProduct } from './create-product.js';
import { deleteProduct } from './delete-product.js';
import { findProduct } from './find-product.js';
import { PER_PAGE_DEFAULT, PER_PAGE_MAX, listProducts } from './list-products.js';
import { problemFailure } from './product-problems.js';
import { fullRecord } from './product-record.js';
import { updateProduct } from './update-product.js';

export const DASHBOARD_METHODS = ['GET', 'POST', 'PATCH', 'DELETE'] as const;

/**
 * A refused session as the product family says it. No session keeps SPEC's path text (an API
 * key sent here gets it too); a member's refusals are the dashboard's.
 */
function sessionRefusal(failure: DashboardFailure): ProductFailure {
  if (failure.code === 'forbidden') return productFailure(403, DASHBOARD_ERRORS.forbidden.error);
  if (failure.code === 'store_changed') return productFailure(409, DASHBOARD_ERRORS.store_changed.error);
  return productFailure(401, PRODUCT_TEXT.loginRequired);
}

/** `?page=&per_page=`: absent means 1 and 50. */
function paging(query: unknown): { page: number; perPage: number } | ProductFailure {
  const rawPage = queryParam(query, 'page');
  const rawPerPage = queryParam(query, 'per_page');
  const page = rawPage === undefined ? 1 : parsePositiveId(rawPage);
  if (page === null) return productFailure(400, DASHBOARD_REFUSAL_TEXT.invalid_page);
  const perPage = rawPerPage === undefined ? PER_PAGE_DEFAULT : parsePositiveId(rawPerPage);
  if (perPage === null || perPage > PER_PAGE_MAX) return productFailure(400, DASHBOARD_REFUSAL_TEXT.invalid_per_page);
  return { page, perPage };
}

export async function dashboardPath(ctx: AppContext, request: FastifyRequest, reply: FastifyReply) {
  const method = request.method;
  const dashboardMethod = (DASHBOARD_METHODS as readonly string[]).includes(method);
  // Reads need products:read (every member); writes products:manage; another method is
  // answered 405 to any member.
  const permission: Permission = method === 'GET' || !dashboardMethod ? 'products:read' : 'products:manage';
  const session = await requireSession(ctx, request, permission);
  if (!session.ok) return sendFailure(reply, sessionRefusal(session.failure));
  if (!dashboardMethod) {
    return sendFailure(reply, { ...productFailure(405, TRANSPORT_TEXT.methodNotAllowed), allow: DASHBOARD_METHODS.join(', ') });
  }
  // A Content-Type that names no media type (app.ts): refused after the session and the method, before the id and the body.
  if (request.contentTypeUnreadable) return sendFailure(reply, productFailure(415, DASHBOARD_ERRORS.unsupported_media_type.error));
  const tenantId = session.value.tenantId;
  const { publicUrl } = ctx.config;
  // Answers of a session are personal; a moved sliding expiry sends the cookie again.
  const success = (status: 200 | 201 | 204, body?: unknown) => {
    reply.header('Cache-Control', 'no-store');
    if (session.value.refreshedToken) reply.header('Set-Cookie', sessionCookie(publicUrl, session.value.refreshedToken));
    return status === 204 ? reply.code(204).send() : reply.code(status).send(body);
  };

  const rawId = queryParam(request.query, 'id');
  if (method === 'GET' && rawId === undefined) {
    const paged = paging(request.query);
    if ('family' in paged) return sendFailure(reply, paged);
    const list = await listProducts(ctx.db, tenantId, paged.page, paged.perPage);
    return success(200, { ...list, products: list.products.map((p) => fullRecord(p, publicUrl)) });
  }
  if (method === 'POST') {
    const body = parseJsonObject(request.body);
    if (!body) return sendFailure(reply, problemFailure('body_not_object'));
    const created = await createProduct(ctx.db, ctx.clock, tenantId, body);
    return created.ok ? success(201, fullRecord(created.value, publicUrl)) : sendFailure(reply, created.failure);
  }

  const id = parsePositiveId(rawId);
  if (id === null) return sendFailure(reply, productFailure(400, PRODUCT_TEXT.idRequired));
  if (method === 'GET') {
    const product = await findProduct(ctx.db, tenantId, id);
    return product ? success(200, fullRecord(product, publicUrl)) : sendFailure(reply, productFailure(404, PRODUCT_TEXT.productNotFound));
  }
  if (method === 'PATCH') {
    const body = parseJsonObject(request.body);
    if (!body) return sendFailure(reply, problemFailure('body_not_object'));
    const changed = await updateProduct(ctx.db, ctx.writeTransaction, ctx.clock, tenantId, id, body);
    return changed.ok ? success(200, fullRecord(changed.value, publicUrl)) : sendFailure(reply, changed.failure);
  }
  const deleted = await deleteProduct(ctx.db, ctx.clock, tenantId, id);
  return deleted.ok ? success(204) : sendFailure(reply, deleted.failure);
}

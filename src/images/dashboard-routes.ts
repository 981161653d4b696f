// The product image routes of the dashboard (docs/dashboard.md, "Product images"): upload,
// list, reorder, delete. Reading needs products:read, changing products:manage; another
// store's product is not found.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../context.js';
import { COMMON_CODES, SESSION_CODES, SESSION_SCHEME, WRITE_CODES, dashboardErrors, jsonResponse, noContent } from '../dashboard/contract.js';
import { dashboardRoute, fromRefusal, invalid } from '../dashboard/route.js';
import { dashboardFailure } from '../lib/http/failures.js';
import { addProductImage, canAddImage, type Deps } from './add-product-image.js';
import { deleteProductImage } from './delete-product-image.js';
import type { ImageStore } from './image-store.js';
import { processImage } from './process-image.js';
import { productExists, productImages } from './product-images.js';
import type { ResizeQueue } from './resize-queue.js';
import { reorderProductImages } from './reorder-product-images.js';
import { AddedImageBody, ImageListBody, ProductIdParams, ProductImageParams, ReorderBody } from './schemas.js';

/** The one route with a larger body limit than the app's (BODY_LIMIT). */
export const IMAGE_UPLOAD_LIMIT = 5 * 1024 * 1024;
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** Retry-After of an upload refused because every resize slot and the line are taken. */
const BUSY_RETRY_AFTER_SEC = 5;

const SESSION = [{ [SESSION_SCHEME]: [] }];
const TAGS = ['Products'];
const READ_CODES = [...SESSION_CODES, 'forbidden', 'not_found', ...COMMON_CODES] as const;

export interface Images {
  store: ImageStore;
  queue: ResizeQueue;
}

export function imageDashboardRoutes(app: FastifyInstance, ctx: AppContext, images: Images): void {
  const deps: Deps = { db: ctx.db, clock: ctx.clock, writeTransaction: ctx.writeTransaction, store: images.store };
  const list = async (tenantId: number, productId: number) => ({ status: 200 as const, body: { images: await productImages(ctx.db, tenantId, productId) } });

  dashboardRoute(app, ctx, {
    method: 'GET',
    url: '/dashboard/api/products/:id/images',
    access: 'products:read',
    contract: {
      operationId: 'listProductImages',
      summary: "A product's images in their order, each with its served WebP widths",
      description: "404 `not_found` for an unknown or another store's product.",
      tags: TAGS,
      security: SESSION,
      params: ProductIdParams,
      response: { 200: jsonResponse('The images.', ImageListBody), ...dashboardErrors(READ_CODES) },
    },
    handler: async ({ session, params }) => ((await productExists(ctx.db, session.tenantId, params.id)) ? list(session.tenantId, params.id) : dashboardFailure('not_found')),
  });

  dashboardRoute(app, ctx, {
    method: 'POST',
    url: '/dashboard/api/products/:id/images',
    access: 'products:manage',
    rawBody: { contentType: IMAGE_TYPES, limit: IMAGE_UPLOAD_LIMIT, refusal: 'image_type_unsupported' },
    contract: {
      operationId: 'uploadProductImage',
      summary: 'Upload an image of a product: the raw bytes of a JPEG, PNG or WebP file, at most 5 MiB; it goes after the others',
      description:
        "The type is decided by the file's first bytes, not by Content-Type or a name (415 `image_type_unsupported` when they are not JPEG, PNG or WebP, or Content-Type is none of the three). The image is decoded (422 `image_unreadable` when corrupt, `image_too_many_pixels` above 40 megapixels) and only WebP re-encodes of its pixels are stored and served: no metadata (EXIF, GPS) of the upload is kept. At most 10 images per product (409 `image_limit_reached`). 413 `body_too_large` above 5 MiB. 503 `busy` when every resize slot (one per core) and the short line behind them are taken. Nothing is stored on any refusal.",
      tags: TAGS,
      security: SESSION,
      params: ProductIdParams,
      consumes: IMAGE_TYPES,
      body: Type.String({ format: 'binary', description: "The file's bytes, at most 5 MiB." }),
      response: {
        201: jsonResponse('Stored; the served files of the image.', AddedImageBody),
        ...dashboardErrors([...READ_CODES, ...WRITE_CODES, 'image_type_unsupported', 'image_unreadable', 'image_too_many_pixels', 'image_limit_reached', 'busy']),
      },
    },
    handler: async ({ session, params, bytes }) => {
      if (!bytes) return dashboardFailure('image_type_unsupported');
      const allowed = await canAddImage(ctx.db, session.tenantId, params.id);
      if (!allowed.ok) return fromRefusal(allowed, { not_found: 'not_found', image_limit_reached: 'image_limit_reached' });
      const job = images.queue.run(() => processImage(bytes));
      if (!job) return dashboardFailure('busy', { retryAfter: BUSY_RETRY_AFTER_SEC });
      const processed = await job;
      if (!processed.ok) return fromRefusal(processed, { image_type_unsupported: 'image_type_unsupported', image_unreadable: 'image_unreadable', image_too_many_pixels: 'image_too_many_pixels' });
      const added = await addProductImage(deps, session.tenantId, params.id, processed.value);
      return added.ok ? { status: 201, body: added.value } : fromRefusal(added, { not_found: 'not_found', image_limit_reached: 'image_limit_reached' });
    },
  });

  dashboardRoute(app, ctx, {
    method: 'PATCH',
    url: '/dashboard/api/products/:id/images',
    access: 'products:manage',
    contract: {
      operationId: 'reorderProductImages',
      summary: "Put a product's images in a new order (the first is the main image)",
      description: "`order` names every image of the product once (422 `invalid_request` with `fields.order` otherwise). 404 `not_found` for an unknown or another store's product.",
      tags: TAGS,
      security: SESSION,
      params: ProductIdParams,
      body: ReorderBody,
      response: { 200: jsonResponse('The images in their new order.', ImageListBody), ...dashboardErrors([...READ_CODES, ...WRITE_CODES, 'invalid_request']) },
    },
    handler: async ({ session, params, body }) => {
      const reordered = await reorderProductImages(deps, session.tenantId, params.id, body.order);
      if (reordered.ok) return list(session.tenantId, params.id);
      return reordered.code === 'order_mismatch' ? invalid({ order: reordered.message }) : dashboardFailure('not_found');
    },
  });

  dashboardRoute(app, ctx, {
    method: 'DELETE',
    url: '/dashboard/api/products/:id/images/:imageId',
    access: 'products:manage',
    contract: {
      operationId: 'deleteProductImage',
      summary: 'Delete an image of a product; the images after it move up one place',
      description: "Its served files stop answering (their bytes go when no other image, such as a duplicated product's copy, references them). 404 `not_found` for an unknown image, or another product's or store's.",
      tags: TAGS,
      security: SESSION,
      params: ProductImageParams,
      response: { 204: noContent('Deleted.'), ...dashboardErrors([...READ_CODES, ...WRITE_CODES]) },
    },
    handler: async ({ session, params }) => {
      const deleted = await deleteProductImage(deps, session.tenantId, params.id, params.imageId);
      return deleted.ok ? { status: 204 } : dashboardFailure('not_found');
    },
  });
}

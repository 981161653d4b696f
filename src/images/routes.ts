// The served image files: GET /images/{token}-{width}.webp. Only the WebP re-encodes are ever
// served, under random names; each name's bytes never change, so browsers and CDNs keep them
// for a year without asking again.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import type { ImageStore } from './image-store.js';
import { readImageFile } from './read-image-file.js';

export function imageFileRoutes(app: FastifyInstance, ctx: AppContext, store: ImageStore): void {
  app.get<{ Params: { file: string } }>('/images/:file', async (request, reply) => {
    const bytes = await readImageFile(ctx.db, store, request.params.file);
    if (!bytes) return reply.callNotFound();
    return reply
      .header('content-type', 'image/webp')
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-security-policy', "default-src 'none'")
      .send(bytes);
  });
}

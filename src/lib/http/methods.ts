import type { FastifyInstance } from 'fastify';

/** Every HTTP method Fastify routes except the allowed ones: those answer 405. */
export function otherMethods(app: FastifyInstance, allowed: readonly string[]): string[] {
  return app.supportedMethods.filter((m) => !allowed.includes(m));
}

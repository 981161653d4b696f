// TypeBox pieces that the dashboard's contracts share (openapi/dashboard.json).
import { Type } from 'typebox';

/** A row id in a path or a body: at most the largest safe integer (PostgreSQL refuses a bigint beyond its range with an error, not a miss). */
export const Id = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });

export const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

export const Timestamp = Type.String({
  description: "ISO 8601 with the server's UTC offset (TZ); the page shows it in the store's time zone.",
  examples: ['2026-11-22T14:05:09+07:00'],
});

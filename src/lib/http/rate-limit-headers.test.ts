import type { FastifyReply } from 'fastify';
import { describe, expect, it } from 'vitest';
import { setRetryAfter } from './rate-limit-headers.js';

/** A reply that only records its headers. */
function recordingReply(): { reply: FastifyReply; headers: Map<string, string> } {
  const headers = new Map<string, string>();
  const reply = { header: (name: string, value: string) => headers.set(name, value) } as unknown as FastifyReply;
  return { reply, headers };
}

describe('setRetryAfter', () => {
  it.each([
    [900, '900'],
    [2, '2'],
    [1.2, '2'],
    [0.3, '1'],
    [0, '1'],
  ])('%s seconds: Retry-After %s (whole seconds, at least 1)', (seconds, written) => {
    const { reply, headers } = recordingReply();
    setRetryAfter(reply, seconds);
    expect([...headers]).toEqual([['Retry-After', written]]);
  });
});

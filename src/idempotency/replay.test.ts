import { expect, it } from 'vitest';
import { idempotentRequest } from './idempotency-key.js';
import { replayRule } from './replay.js';

const request = idempotentRequest(1, 2, 'crm-ticket-981', { id: 1, status: 'closing' });
const now = 1_000_000;
const remembered = (over: Partial<{ request_hash: string | null; response_body: string | null; expires_at: number | null }> = {}) => ({
  request_hash: request.hash,
  response_body: '{"changed":true}',
  expires_at: now + 1,
  ...over,
});

it('replays a live record of the same content, whatever the order of its keys', () => {
  const same = idempotentRequest(1, 2, 'crm-ticket-981', { status: 'closing', id: 1 });
  expect(replayRule(remembered(), same, now)).toEqual({ kind: 'replay', body: '{"changed":true}' });
});

it('refuses a live record of other content', () => {
  expect(replayRule(remembered({ request_hash: 'other' }), request, now)).toEqual({ kind: 'reused' });
});

it('lets the request run without a record, or once the record has expired', () => {
  expect(replayRule(undefined, request, now)).toEqual({ kind: 'run' });
  expect(replayRule(remembered({ request_hash: null, response_body: null, expires_at: null }), request, now)).toEqual({ kind: 'run' });
  expect(replayRule(remembered({ expires_at: now }), request, now)).toEqual({ kind: 'run' });
  expect(replayRule(remembered({ expires_at: now, request_hash: 'other' }), request, now)).toEqual({ kind: 'run' });
});

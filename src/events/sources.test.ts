// One list of sources (events/sources.ts): the event payload and the history take their type
// from it, and every place that writes the list for readers says exactly it.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHANGE_SOURCE_NAMES } from './sources.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');
const quoted = (text: string) => [...text.matchAll(/'([a-z]+)'/g)].map((m) => m[1]);

describe('the sources of a change', () => {
  it('are the eight of issue 30, SPEC\'s `api` among them', () => {
    expect(CHANGE_SOURCE_NAMES).toEqual(['api', 'dashboard', 'payment', 'cli', 'form', 'manual', 'import', 'system']);
  });

  it('docs/events.md has a row for each, in order, and the payload table names them all', () => {
    const doc = read('docs/events.md');
    const section = doc.slice(doc.indexOf('## Sources'), doc.indexOf('## Payload'));
    expect([...section.matchAll(/^\| `([a-z]+)` \|/gm)].map((m) => m[1])).toEqual(CHANGE_SOURCE_NAMES);
    const payloadRow = doc.split('\n').find((line) => line.startsWith('| source | string |'))!;
    expect([...payloadRow.matchAll(/`([a-z]+)`/g)].map((m) => m[1])).toEqual(CHANGE_SOURCE_NAMES);
  });

  it("the SDK's open union and openapi/lapak.json's webhook body list them", () => {
    const sdk = read('sdk/src/webhooks.ts');
    const union = /export type ChangeSource = OpenString<([^>]+)>/.exec(sdk)![1]!;
    expect(quoted(union)).toEqual(CHANGE_SOURCE_NAMES);
    const document = JSON.parse(read('openapi/lapak.json'));
    const source = document.webhooks['order.status_changed'].post.requestBody.content['application/json'].schema.properties.data.properties.source;
    expect(source.anyOf.map((s: { const?: string; type: string }) => s.const ?? s.type)).toEqual([...CHANGE_SOURCE_NAMES, 'string']);
  });
});

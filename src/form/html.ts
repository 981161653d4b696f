// HTML built as strings: every interpolated value is escaped unless it is already Html.
import { escapeHtml } from '../lib/escape-html.js';

export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

type Part = Html | string | number | null | undefined | false | readonly Part[];

function render(part: Part): string {
  if (part === null || part === undefined || part === false) return '';
  if (part instanceof Html) return part.value;
  if (Array.isArray(part)) return part.map(render).join('');
  return escapeHtml(String(part));
}

export function html(strings: TemplateStringsArray, ...parts: Part[]): Html {
  let out = strings[0]!;
  parts.forEach((part, i) => (out += render(part) + strings[i + 1]!));
  return new Html(out);
}

/** JSON for a <script type="application/json"> block: '<' never closes the element. */
export const jsonBlock = (value: unknown): Html =>
  new Html(JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029'));

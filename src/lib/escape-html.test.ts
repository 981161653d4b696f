import { expect, it } from 'vitest';
import { escapeHtml } from './escape-html.js';

it('escapes the five characters that can end a text or an attribute value, & first', () => {
  expect(escapeHtml(`Kaos "Anak's" <b>&amp;</b>`)).toBe('Kaos &quot;Anak&#39;s&quot; &lt;b&gt;&amp;amp;&lt;/b&gt;');
  expect(escapeHtml('Madu Hutan 500 ml')).toBe('Madu Hutan 500 ml');
});

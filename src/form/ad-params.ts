// The ad parameters that reached the form (from the form URL's own query or, through the
// embed script, from the parent page's URL): fbclid, gclid and every utm_*. Stored on the
// order as they came, within bounds.
const NAME = /^(fbclid|gclid|utm_[a-z0-9_]{1,40})$/;
const VALUE_MAX = 500;
const MAX_PARAMS = 20;

const isAdParam = (name: string): boolean => NAME.test(name);

export function pickAdParams(entries: Iterable<[string, string]>): Record<string, string> {
  const picked: Record<string, string> = {};
  let count = 0;
  for (const [name, raw] of entries) {
    if (!isAdParam(name) || Object.hasOwn(picked, name)) continue;
    const value = raw.trim().slice(0, VALUE_MAX);
    if (value === '') continue;
    picked[name] = value;
    if (++count === MAX_PARAMS) break;
  }
  return picked;
}

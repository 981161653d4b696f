// The flags of a risky order (issue 43 §1; docs/risk.md) and how an order stores the ones not
// dismissed yet: their names sorted and joined by commas in orders.flags ('' none), the value
// the list filters on and the counters fold (src/counts/dimensions.ts, dimension `flags`).

export const FLAGS = ['blocked', 'burst', 'cod_risk', 'duplicate', 'not_whatsapp'] as const;
export type Flag = (typeof FLAGS)[number];

/** The list's `flag` filter: one flag, or `any` flag not dismissed. */
export const FLAG_FILTERS = ['duplicate', 'cod_risk', 'burst', 'not_whatsapp', 'blocked', 'any'] as const;
export type FlagFilter = (typeof FLAG_FILTERS)[number];

export const isFlag = (value: string): value is Flag => (FLAGS as readonly string[]).includes(value);

/** orders.flags of a set of flags. */
export const flagsText = (flags: Iterable<string>): string => [...new Set(flags)].filter(isFlag).sort().join(',');

/** The flags of an orders.flags value. */
export const flagsOf = (text: string): Flag[] => (text === '' ? [] : text.split(',').filter(isFlag));

/** Every orders.flags value but '' (each non-empty set of FLAGS, sorted). */
const ALL_VALUES: readonly string[] = (() => {
  const values: string[] = [];
  for (let mask = 1; mask < 1 << FLAGS.length; mask++) values.push(FLAGS.filter((_, i) => mask & (1 << i)).join(','));
  return values;
})();

/** The orders.flags values that a filter keeps: exact, so that an index on the value serves them. */
export const flagValues = (filter: FlagFilter): string[] => (filter === 'any' ? [...ALL_VALUES] : ALL_VALUES.filter((v) => v.split(',').includes(filter)));

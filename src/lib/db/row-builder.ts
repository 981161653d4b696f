// A row as an object, from its values in column order: an object literal compiled once per
// statement. Building it property by property (better-sqlite3 through V8's C++ API, about
// 2,500 instructions a column; pg with a keyed store per column) makes V8 look up and
// transition the object's shape column after column; a literal has its shape from the start
// (issue 13).

export type RowBuilder = (values: readonly unknown[]) => Record<string, unknown>;

// One function per list of names, shared by every connection that runs the statement: V8
// compiles and optimises each function on its own. Prepared queries are a fixed set, written
// in the code: this stays small.
const builders = new Map<string, RowBuilder>();

/**
 * `{ "name": values[0], ... }` for `names`, in their order: the object the drivers would build
 * (a later duplicate name wins; "__proto__" sets the prototype, as the drivers' assignment does).
 */
export function rowBuilder(names: readonly string[]): RowBuilder {
  const key = names.join('\u0000');
  let builder = builders.get(key);
  if (!builder) {
    const fields = names.map((name, i) => `${JSON.stringify(name)}: values[${i}]`);
    builder = new Function('values', `return { ${fields.join(', ')} };`) as RowBuilder;
    builders.set(key, builder);
  }
  return builder;
}

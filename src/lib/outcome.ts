// The one outcome shape of the operations outside SPEC's error families (those keep their
// Failure types, failures.ts): the value, or a refusal with a code from the operation's own
// closed list and a message for people. Faces decide what a code becomes: the CLI prints
// the message as its one stderr line and exits 1; the dashboard will map codes to HTTP
// statuses, so codes are stable snake_case identifiers, never reworded. Only
// infrastructure failures throw.
//
// An operation that writes refuses before its first write, or throws: a refusal returned
// from the caller's transaction commits whatever the operation had written.

export interface Refusal<Code extends string> {
  ok: false;
  code: Code;
  message: string;
}

export type Outcome<T, Code extends string> = { ok: true; value: T } | Refusal<Code>;

export const succeed = <T>(value: T): { ok: true; value: T } => ({ ok: true, value });

export const refuse = <Code extends string>(code: Code, message: string): Refusal<Code> => ({ ok: false, code, message });

/** The value, for callers to whom a refusal is a bug (the demo store, seeding, tests). */
export function valueOf<T>(outcome: Outcome<T, string>): T {
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.value;
}

// A prepared query (prepared.ts) as one named statement on a pg connection, described once
// per connection. pg's own Query asks PostgreSQL to describe the result on every execution
// and rebuilds each column's name and parser from the answer: about 40 % of the driver's
// CPU for a read of 20 columns (issue 13). The result of a named statement cannot change on
// its connection (PostgreSQL refuses with "cached plan must not change result type"), so
// the first execution's description serves every later one.
//
// pg runs any object with submit() as a query ("Submittable", as pg-cursor does): the
// messages are the extended protocol's, the same pg.Query sends (Parse the first time on the
// connection, Bind, Describe the first time, Execute, Sync), and the answers come back through
// the handle* methods below. Values are turned into text as pg does.
import { createRequire } from 'node:module';
import { rowBuilder } from './row-builder.js';

export type TypeParser = (oid: number, format: 'text') => (value: string) => unknown;

export interface StatementResult {
  /** The command tag's verb: SELECT, INSERT, UPDATE... */
  command: string;
  /** Rows returned, or changed by an INSERT, UPDATE or DELETE without RETURNING. */
  rowCount: number | null;
  rows: Record<string, unknown>[];
}

interface Description {
  parsers: Array<(value: string) => unknown>;
  toRow: (values: readonly unknown[]) => Record<string, unknown>;
}

/** The parts of pg's Connection this uses: the extended protocol's messages, and pg's record of named statements. */
interface Connection {
  stream: { cork(): void; uncork(): void };
  parsedStatements: Record<string, string>;
  submittedNamedStatements: Record<string, string>;
  parse(query: { text: string; name: string; types: unknown[] }): void;
  bind(config: { portal: string; statement: string; values: readonly unknown[]; binary: boolean; valueMapper: (value: unknown) => unknown }): void;
  describe(message: { type: 'P'; name: string }): void;
  execute(config: { portal: string; rows: number }): void;
  sync(): void;
}

// Per connection, per statement name: the description its first execution received.
const descriptions = new WeakMap<object, Map<string, Description>>();

const COMMAND_TAG = /^([A-Za-z]+)(?: (\d+))?(?: (\d+))?/;

// pg's own conversion of a value to its text (numbers, booleans, dates, arrays, JSON).
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils.js') as { prepareValue: (value: unknown) => unknown };

export class PreparedStatement {
  private rows: Record<string, unknown>[] = [];
  private command = '';
  private rowCount: number | null = null;
  private description: Description | null = null;
  /** Set while the execution asks for a description, to keep it for the next ones. */
  private describing: Map<string, Description> | null = null;
  private failure: unknown = null;
  private done = false;

  constructor(
    readonly name: string,
    readonly text: string,
    private readonly values: readonly unknown[],
    private readonly typeParser: TypeParser,
    // Public and read when answering: pg wraps it when a query_timeout is set.
    public callback: (error: unknown, result?: StatementResult) => void,
  ) {}

  /** Called by pg when the connection is free: writes the messages (one write). */
  submit(pgConnection: object): null {
    const connection = pgConnection as Connection;
    let known = descriptions.get(connection);
    if (!known) {
      known = new Map();
      descriptions.set(connection, known);
    }
    const parsed = connection.parsedStatements[this.name] !== undefined || connection.submittedNamedStatements[this.name] !== undefined;
    this.description = parsed ? (known.get(this.name) ?? null) : null;
    connection.stream.cork();
    try {
      if (!parsed) {
        connection.parse({ text: this.text, name: this.name, types: [] });
        connection.submittedNamedStatements[this.name] = this.text;
      }
      connection.bind({ portal: '', statement: this.name, values: this.values, binary: false, valueMapper: prepareValue });
      if (!this.description) {
        this.describing = known;
        connection.describe({ type: 'P', name: '' });
      }
      connection.execute({ portal: '', rows: 0 });
      connection.sync();
    } finally {
      connection.stream.uncork();
    }
    return null;
  }

  handleRowDescription(message: { fields: Array<{ name: string; dataTypeID: number }> }): void {
    this.description = {
      parsers: message.fields.map((field) => this.typeParser(field.dataTypeID, 'text')),
      toRow: rowBuilder(message.fields.map((field) => field.name)),
    };
  }

  handleDataRow(message: { fields: Array<string | null> }): void {
    if (this.failure) return;
    try {
      // Rows come only after a description: this execution's or the connection's kept one.
      const { parsers, toRow } = this.description!;
      // The message's own array (pg makes one per row) takes the parsed values.
      const values: unknown[] = message.fields;
      for (let i = 0; i < values.length; i++) {
        const value = values[i] ?? null;
        values[i] = value === null ? null : parsers[i]!(value as string);
      }
      this.rows.push(toRow(values));
    } catch (error) {
      // Answered at ReadyForQuery, when the connection is free again (as pg does).
      this.failure = error;
    }
  }

  handleCommandComplete(message: { text: string }): void {
    const tag = COMMAND_TAG.exec(message.text);
    if (!tag) return;
    this.command = tag[1]!;
    const count = tag[3] ?? tag[2];
    this.rowCount = count === undefined ? null : Number(count);
  }

  handleReadyForQuery(): void {
    if (this.failure) return this.finish(this.failure);
    // A statement that returns no rows gets no RowDescription: remember that too.
    this.describing?.set(this.name, this.description ?? { parsers: [], toRow: rowBuilder([]) });
    this.finish(null, { command: this.command, rowCount: this.rowCount, rows: this.rows });
  }

  /** PostgreSQL refused the statement, or the connection failed. */
  handleError(error: unknown): void {
    this.finish(this.failure ?? error);
  }

  handleEmptyQuery(): void {}
  handlePortalSuspended(): void {}
  handleCopyInResponse(): void {}
  handleCopyData(): void {}

  private finish(error: unknown, result?: StatementResult): void {
    if (this.done) return;
    this.done = true;
    this.callback(error, result);
  }
}

/**
 * PGlite with its statements prepared once, as postgres.js prepares them on PostgreSQL.
 *
 * PGlite's `query` parses every statement anew as the unnamed statement, asks for its parameter
 * types, binds, describes and executes it, each a round trip into the wasm backend, and PostgreSQL
 * plans an unnamed statement on every execution. A list page's one statement cost about twice what
 * it costs prepared (issue 13 §2: the users list missed its p99 on PGlite by that much). Here a
 * statement with parameters is parsed once under a name, with its parameter and row descriptions
 * kept; each later execution is one round trip (bind, execute, sync) of a statement PostgreSQL may
 * plan once for all (its generic plan, after five custom ones, when that costs no more).
 *
 * It takes PGlite's own locks in PGlite's own order (the transaction lock, then the query lock;
 * inside a transaction, the query lock alone), so a statement never runs inside another caller's
 * transaction. Statements without parameters (DDL, `begin`, `select 1`) go through PGlite's `query`
 * as they are: they are rarely the same twice.
 */
import {
  type PGlite,
  protocol,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';

type Message = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

interface Kept {
  name: string;
  /** The parameters' type OIDs, which choose their serializers. */
  parameterTypes: readonly number[];
  /** The columns of its rows; none for a statement that returns no rows. */
  fields: ReadonlyArray<{ name: string; dataTypeID: number }>;
}

/** How many statements are kept; past it the least recently used is closed. */
export const KEPT_STATEMENTS = 500;

/** PostgreSQL's refusal to run a kept statement whose result columns changed since it was parsed. */
const RESULT_TYPE_CHANGED = 'cached plan must not change result type';

const { serialize } = protocol;

/** The commands whose count PGlite adds up as the affected rows. */
const AFFECTING = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);

/** What PGlite's `query` adds to a database error: the statement and its values (logging.ts drops the values). */
function withStatement(error: unknown, text: string, params: readonly unknown[], options?: QueryOptions) {
  if (error instanceof Error && 'severity' in error) {
    Object.assign(error, { query: text, params, queryOptions: options });
  }
  return error;
}

export class KeptStatements {
  private readonly kept = new Map<string, Kept>();
  private named = 0;

  constructor(
    readonly client: PGlite,
    private readonly max = KEPT_STATEMENTS,
  ) {}

  /** PGlite's `query`, a statement with parameters run prepared. */
  query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    if (params.length === 0 || options?.blob) return this.client.query<T>(text, params, options);
    return this.client
      ._checkReady()
      .then(() =>
        this.client._runExclusiveTransaction(() =>
          this.client._runExclusiveQuery(() => this.run<T>(text, params, options, false)),
        ),
      );
  }

  exec(text: string, options?: QueryOptions): Promise<Array<Results>> {
    return this.client.exec(text, options);
  }

  /** PGlite's `transaction`, whose statements with parameters run prepared too. */
  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.client.transaction((tx) => {
      const prepared: Transaction = {
        query: <R>(text: string, params: unknown[] = [], options?: QueryOptions) => {
          if (tx.closed || params.length === 0 || options?.blob) return tx.query<R>(text, params, options);
          return this.client._runExclusiveQuery(() => this.run<R>(text, params, options, true));
        },
        sql: (strings, ...params) => tx.sql(strings, ...params),
        exec: (text, options) => tx.exec(text, options),
        rollback: () => tx.rollback(),
        listen: (channel, listener) => tx.listen(channel, listener),
        get closed() {
          return tx.closed;
        },
      };
      return callback(prepared);
    });
  }

  /** Runs a statement under the locks the caller holds; once more, parsed again, if its result changed shape. */
  private async run<T>(
    text: string,
    params: readonly unknown[],
    options: QueryOptions | undefined,
    inTransaction: boolean,
  ): Promise<Results<T>> {
    try {
      return await this.execute<T>(text, params, options, inTransaction);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.includes(RESULT_TYPE_CHANGED)) {
        throw withStatement(error, text, params, options);
      }
      await this.forget(text);
      try {
        return await this.execute<T>(text, params, options, inTransaction);
      } catch (again) {
        throw withStatement(again, text, params, options);
      }
    }
  }

  private async execute<T>(
    text: string,
    params: readonly unknown[],
    options: QueryOptions | undefined,
    inTransaction: boolean,
  ): Promise<Results<T>> {
    // Outside a transaction, the event loop reads what has arrived before the statement runs. PGlite
    // runs a statement synchronously and hands its locks on through promises, so without this a queue
    // of waiting statements ran to its end before the server read another request, and requests were
    // served in rounds in no fair order: under 10 connections the device list's p99 was 2.5 times its
    // mean. Read first, the requests queue in the order they came: p99 1.3 times the mean, for 3% of
    // the throughput (issue 30).
    if (!inTransaction) await new Promise((resolve) => setImmediate(resolve));
    const statement = await this.statementOf(text, options);
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const type = statement.parameterTypes[index] ?? 0;
      const serializer = options?.serializers?.[type] ?? this.client.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
    const messages = await this.client.execProtocolStream(
      Buffer.concat([
        serialize.bind({ statement: statement.name, values }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      { syncToFs: false, ...(options?.onNotice ? { onNotice: options.onNotice } : {}) },
    );
    // PGlite flushes its file system after every statement outside a transaction, as its `query` does.
    if (!inTransaction) await this.client.syncToFs();
    return this.resultOf<T>(statement, messages, options);
  }

  /**
   * The statement's result as PGlite's `query` answers it. PGlite's own reading (`parseResults`)
   * copies its whole table of type parsers, some four hundred entries, into a new object on every
   * call that brings parsers of its own, as every Drizzle query does: that copy was a quarter of a
   * list page's time. Here each column's parser is looked up once per execution.
   */
  private resultOf<T>(
    statement: Kept,
    messages: readonly Message[],
    options: QueryOptions | undefined,
  ): Results<T> {
    const fields = statement.fields;
    const parsers = fields.map(
      ({ dataTypeID }) => options?.parsers?.[dataTypeID] ?? this.client.parsers[dataTypeID],
    );
    const read = (value: string | null, index: number) => {
      if (value === null) return null;
      const parser = parsers[index];
      return parser ? parser(value, fields[index]?.dataTypeID ?? 0) : value;
    };
    const arrays = options?.rowMode === 'array';
    const rows: unknown[] = [];
    let affectedRows = 0;
    let completion: { command: string; rowCount?: number } | undefined;
    for (const message of messages) {
      if (message.name === 'dataRow') {
        const values = (message as unknown as { fields: (string | null)[] }).fields;
        rows.push(
          arrays
            ? values.map(read)
            : Object.fromEntries(values.map((value, index) => [fields[index]?.name, read(value, index)])),
        );
      } else if (message.name === 'commandComplete') {
        const words = (message as unknown as { text: string }).text.split(' ');
        const command = words[0] ?? '';
        const count = Number.parseInt(words[words.length - 1] ?? '', 10);
        if (AFFECTING.has(command)) affectedRows += count;
        completion = Number.isNaN(count) ? { command } : { command, rowCount: count };
      }
    }
    return { rows: rows as T[], fields: [...fields], affectedRows, ...completion };
  }

  /** The kept statement of `text`, parsed and described now if it is not kept yet. */
  private async statementOf(text: string, options: QueryOptions | undefined): Promise<Kept> {
    const found = this.kept.get(text);
    if (found) {
      // Most recently used last: the first entry is the one to close when the map is full.
      this.kept.delete(text);
      this.kept.set(text, found);
      return found;
    }
    if (this.kept.size >= this.max) {
      const [oldest] = this.kept.keys();
      if (oldest !== undefined) await this.forget(oldest);
    }
    const name = `vap_kept_${++this.named}`;
    const messages = await this.client.execProtocolStream(
      Buffer.concat([
        serialize.parse({ name, text, ...(options?.paramTypes ? { types: options.paramTypes } : {}) }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const parameters = messages.find((message) => message.name === 'parameterDescription') as
      | { dataTypeIDs: number[] }
      | undefined;
    const statement: Kept = {
      name,
      parameterTypes: parameters?.dataTypeIDs ?? [],
      fields: (
        (
          messages.find((message) => message.name === 'rowDescription') as
            | { fields: Array<{ name: string; dataTypeID: number }> }
            | undefined
        )?.fields ?? []
      ).map(({ name, dataTypeID }) => ({ name, dataTypeID })),
    };
    this.kept.set(text, statement);
    return statement;
  }

  private async forget(text: string): Promise<void> {
    const statement = this.kept.get(text);
    if (!statement) return;
    this.kept.delete(text);
    await this.client.execProtocolStream(
      Buffer.concat([serialize.close({ type: 'S', name: statement.name }), serialize.sync()]),
      { syncToFs: false },
    );
  }
}

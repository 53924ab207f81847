/**
 * Named prepared statements for the hot paths (an answer, a pupil's play state, a join, the
 * teacher's live results). PostgreSQL plans a statement on every call unless it is prepared,
 * and for the answer statement (six CTEs) planning costs more than running it (decision 007).
 *
 * Statements are written with named placeholders (`:progressId::uuid`); every placeholder
 * carries an explicit cast so the database knows its type when preparing.
 *
 * - PostgreSQL (node-postgres pool): protocol-level named statements (`{ name, text, values }`),
 *   prepared once on each pooled connection.
 * - PGlite (on its thread, decision 025): one connection for the whole process, so `PREPARE` once, then `EXECUTE` with the
 *   values as escaped literals (node-postgres's `escapeLiteral`; PGlite's query API offers no
 *   named statements). The values come from validated input: UUIDs, small integers, names.
 */
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { Db } from "./client.ts";
import { PgliteInWorker } from "./pglite-in-worker.ts";

/** The embedded database: on its own thread (the server), or PGlite itself (a script or test that opens one). */
type Embedded = PGlite | PgliteInWorker;
const isEmbedded = (client: unknown): client is Embedded =>
  client instanceof PgliteInWorker || client instanceof PGlite;

export type StatementValue = string | number | boolean | null;

export type Statement<Params extends string> = {
  readonly name: string;
  /** The SQL with $1…$n, in the order the parameters first appear. */
  readonly text: string;
  readonly params: readonly Params[];
};

/**
 * A line comment or a quoted literal (each left alone), or a `:name` placeholder (not the `::type`
 * of a cast). Comments first: an apostrophe in one ("the pupil's answer") would otherwise open a
 * literal that swallows the placeholders after it, and the statement would fail at its first call.
 */
const LITERAL_OR_PLACEHOLDER = /--[^\n]*|'(?:[^']|'')*'|(?<![:\w]):([a-zA-Z][a-zA-Z0-9]*)/g;

/** Every statement made by `statement()`, for `prepareStatements` at start-up. */
const everyStatement = new Map<string, Statement<string>>();

export function statement<Params extends string>(name: string, sqlText: string): Statement<Params> {
  if (!/^[a-z][a-z0-9_]*$/.test(name)) throw new Error(`Statement names are lower-case identifiers: ${name}`);
  const params: string[] = [];
  const text = sqlText.replace(LITERAL_OR_PLACEHOLDER, (match, param: string | undefined) => {
    if (param === undefined) return match;
    let index = params.indexOf(param);
    if (index < 0) index = params.push(param) - 1;
    return `$${index + 1}`;
  });
  const made = { name, text, params: params as Params[] };
  if (everyStatement.has(name) && everyStatement.get(name)!.text !== text)
    throw new Error(`Two statements are called ${name}`);
  everyStatement.set(name, made);
  return made;
}

/** Literal for EXECUTE: quoted (the parameter's declared type converts it), or NULL. */
function literal(value: StatementValue): string {
  if (value === null) return "NULL";
  return pg.escapeLiteral(String(value));
}

/** PGlite clients and the statements already prepared on each (a PREPARE in flight counts). */
const preparedOnPglite = new WeakMap<Embedded, Map<string, Promise<unknown>>>();

function prepareOnPglite(client: Embedded, st: Statement<string>): Promise<unknown> {
  let prepared = preparedOnPglite.get(client);
  if (!prepared) preparedOnPglite.set(client, (prepared = new Map()));
  let ready = prepared.get(st.name);
  if (!ready) {
    ready = client.exec(`prepare ${st.name} as ${st.text}`);
    prepared.set(st.name, ready);
    ready.catch(() => prepared.delete(st.name));
  }
  return ready;
}

async function runOnPglite<Row>(client: Embedded, st: Statement<string>, values: StatementValue[]): Promise<Row[]> {
  await prepareOnPglite(client, st);
  try {
    const result = await client.query<Row>(`execute ${st.name}(${values.map(literal).join(", ")})`);
    return result.rows;
  } catch (error) {
    // PGlite names the failed query, values and all (a batch's pupils' names and devices):
    // the error log gets the statement as written instead.
    if (error && typeof error === "object" && "query" in error) (error as { query: string }).query = st.text;
    throw error;
  }
}

/** Runs a prepared statement on the database behind `db` (not inside a transaction). */
export async function runStatement<Row, Params extends string>(
  db: Db,
  st: Statement<Params>,
  args: Record<Params, StatementValue>,
): Promise<Row[]> {
  const values = st.params.map((param) => {
    const value = args[param];
    if (typeof value === "number" && !Number.isFinite(value))
      throw new TypeError(`Statement parameter ${param} must be a finite number.`);
    return value;
  });
  const client = (db as unknown as { $client?: unknown }).$client;
  if (isEmbedded(client)) return runOnPglite<Row>(client, st, values);
  if (client instanceof pg.Pool) {
    const result = await client.query({ name: st.name, text: st.text, values });
    return result.rows as Row[];
  }
  throw new Error("Prepared statements run on the database itself, not inside a transaction.");
}

/** The names of every statement made so far (each module makes its own as it loads). */
export const statementNames = () => [...everyStatement.keys()];

/**
 * At start-up (decision 022): opens every connection of the pool and prepares every statement on
 * each, so that the first class to join after a start does not pay for ten connections and
 * ten plannings of each statement while its pupils wait.
 *
 * node-postgres prepares a named statement only by running it, so each connection runs each
 * statement once with NULL for every value, inside a transaction it rolls back, each in its
 * own savepoint (a NULL may break a constraint; the statement is prepared before it runs).
 * A statement that does not parse fails the start-up: better at start than at a class's join.
 */
export async function prepareStatements(db: Db): Promise<void> {
  const client = (db as unknown as { $client?: unknown }).$client;
  const statements = [...everyStatement.values()];
  if (isEmbedded(client)) {
    for (const st of statements) await prepareOnPglite(client, st);
    return;
  }
  if (!(client instanceof pg.Pool)) return;
  const pool = client;
  const connections = await Promise.all(Array.from({ length: pool.options.max }, () => pool.connect()));
  try {
    await Promise.all(
      connections.map(async (connection) => {
        await connection.query("begin");
        for (const st of statements) {
          await connection.query("savepoint prepare_statement");
          await connection.query({ name: st.name, text: st.text, values: st.params.map(() => null) }).catch(() => {});
          await connection.query("rollback to savepoint prepare_statement");
          const parsed = (connection as unknown as { connection: { parsedStatements: Record<string, string> } })
            .connection.parsedStatements;
          if (parsed[st.name] === undefined) throw new Error(`The statement ${st.name} could not be prepared`);
        }
        await connection.query("rollback");
      }),
    );
  } finally {
    for (const connection of connections) connection.release();
  }
}

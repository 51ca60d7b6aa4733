import type { Tx } from './database.js';

/** A Drizzle query ready to run with its placeholders' values (what `.prepare(name)` returns). */
type PreparedQuery = { execute: (placeholders?: Record<string, unknown>) => Promise<unknown> };

const preparedByBuilder = new WeakMap<Tx, Map<string, PreparedQuery>>();

/**
 * A statement on the sign-in and token hot paths, built by Drizzle once per connection and run as
 * a named prepared statement, so PostgreSQL parses and plans it once per connection too. Building a
 * query costs the server more CPU than the round trip that runs it; a prepared one costs about a
 * third of a freshly built one. `build` takes every value through `sql.placeholder(name)`, and
 * `name` is unique in the process.
 *
 * On PostgreSQL each pooled connection keeps one query builder, so the prepared query is found
 * again; PGlite's transactions are new objects each time and build it anew (in process, cheap).
 */
export const prepared =
  <Q extends PreparedQuery>(name: string, build: (tx: Tx) => { prepare: (name: string) => Q }) =>
  (tx: Tx): Q => {
    let byName = preparedByBuilder.get(tx);
    if (!byName) {
      byName = new Map();
      preparedByBuilder.set(tx, byName);
    }
    let query = byName.get(name) as Q | undefined;
    if (!query) {
      query = build(tx).prepare(name);
      byName.set(name, query);
    }
    return query;
  };

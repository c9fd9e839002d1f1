/**
 * A query on the database handle (`db`) made inside one of its transactions, instead of on the
 * transaction's own handle (`trx`), fails at once with an error naming the query. On PGlite it would
 * wait for ever for the one connection the transaction holds; on PostgreSQL it would quietly run on
 * another connection, outside the transaction. Both databases refuse it alike, so a test on either
 * finds the mistake.
 *
 * A transaction is open for the work its callback starts (an AsyncLocalStorage), until it ends. Only
 * the database handle asks the driver for a connection: a transaction's queries run on the one it
 * holds. So a connection asked for while a transaction of this async context is open is the mistake.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import {
  Kysely,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type KyselyConfig,
  type QueryResult,
  type Transaction,
  type TransactionBuilder,
  type TransactionSettings,
} from 'kysely';

const openTransaction = new AsyncLocalStorage<{ open: boolean }>();

/** A query sent to the database handle while a transaction of the same work was open. */
export class QueryOutsideTransactionError extends Error {
  constructor(readonly sql: string) {
    super(`A query on db ran inside an open transaction; run it on the transaction (trx) instead: ${sql}`);
    this.name = 'QueryOutsideTransactionError';
  }
}

/** What a query asked on the database handle inside a transaction is given: every query fails. */
class RefusedConnection implements DatabaseConnection {
  executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    return Promise.reject(new QueryOutsideTransactionError(compiled.sql));
  }

  async *streamQuery<R>(compiled: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    yield await this.executeQuery<R>(compiled);
  }
}

const REFUSED = new RefusedConnection();

class GuardedDriver implements Driver {
  constructor(private readonly driver: Driver) {}

  init(): Promise<void> {
    return this.driver.init();
  }

  acquireConnection(): Promise<DatabaseConnection> {
    return openTransaction.getStore()?.open === true ? Promise.resolve(REFUSED) : this.driver.acquireConnection();
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return connection === REFUSED ? Promise.resolve() : this.driver.releaseConnection(connection);
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.driver.beginTransaction(connection, settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.driver.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.driver.rollbackTransaction(connection);
  }

  destroy(): Promise<void> {
    return this.driver.destroy();
  }
}

function guardedDialect(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new GuardedDriver(dialect.createDriver()),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}

/** `builder`, whose callback runs with its transaction marked open for the work it starts. */
function marking<DB>(builder: TransactionBuilder<DB>): TransactionBuilder<DB> {
  return new Proxy(builder, {
    get(target, key) {
      if (key === 'execute') {
        return async <T>(callback: (trx: Transaction<DB>) => Promise<T>): Promise<T> => {
          const transaction = { open: true };
          try {
            return await target.execute((trx) => openTransaction.run(transaction, () => callback(trx)));
          } finally {
            transaction.open = false;
          }
        };
      }
      if (key === 'setAccessMode' || key === 'setIsolationLevel') {
        return (value: never) => marking(target[key](value));
      }
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** Kysely that refuses a query on itself inside one of its own transactions (see the module comment). */
export class GuardedKysely<DB> extends Kysely<DB> {
  constructor(config: KyselyConfig) {
    super({ ...config, dialect: guardedDialect(config.dialect) });
  }

  override transaction(): TransactionBuilder<DB> {
    return marking(super.transaction());
  }
}

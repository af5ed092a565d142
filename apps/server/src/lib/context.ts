import type { Config } from '../config.js';
import type { Db } from '../db/types.js';
import type { Clock } from './clock.js';

/**
 * The services one module offers the others through the context: the mail queue (`mail`), push-or-mail notices
 * (`notify`) and the file store (`storage`). Each owner adds its entry by declaration merging, as Fastify's
 * decorators do, so this floor names none of them.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by declaration merging (modules/mail, modules/push, plugins/storage)
export interface ContextServices {}

/**
 * What every operation works with: the database (or the transaction `inTransaction` handed out), the clock, the
 * configuration and the other modules' services. The app builds one (`app.serverContext`); a script, bench or test
 * gives its own, or `withoutServices(context)`, and gets no service it does not give (without `notify` nobody is told).
 */
export interface ServerContext extends Partial<ContextServices> {
  db: Db;
  clock: Clock;
  config: Config;
}

/**
 * Runs `work` with the context bound to a transaction: a new one, or the context's own when it already is one, so
 * one module's change can be part of another module's transaction (accepting an application adds a member).
 */
export function inTransaction<T>(context: ServerContext, work: (tx: ServerContext) => Promise<T>): Promise<T> {
  return context.db.isTransaction
    ? work(context)
    : context.db.transaction().execute((trx) => work(boundTo(context, trx)));
}

/**
 * The same context on the given transaction or connection, for code handed a bare one (the demo data's seeding
 * under an advisory lock, benches timing a transaction of their own). Operations get theirs from `inTransaction`.
 */
export function boundTo(context: ServerContext, db: Db): ServerContext {
  return db === context.db ? context : { ...context, db };
}

/** The context without the other modules' services: what a script or bench uses when its work must tell nobody. */
export function withoutServices({ db, clock, config }: ServerContext): ServerContext {
  return { db, clock, config };
}

/**
 * A service the work cannot do without (account mail needs the queue, uploads the store): the context's, or an
 * error that names what is missing when a script gives a context without it.
 */
export function requireService<K extends keyof ContextServices>(context: ServerContext, name: K): ContextServices[K] {
  const service = context[name];
  if (service === undefined) throw new Error(`This work needs the server context's ${name}, which this one lacks`);
  return service as ContextServices[K];
}

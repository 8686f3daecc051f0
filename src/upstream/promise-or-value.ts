/**
 * A value that is there already (an answer held in memory) or a promise of it (one being
 * fetched): resolvers and graphql-jit take either, and a value that is there costs no promise
 * and no turn of the event loop. The same type as graphql-js's `PromiseOrValue`, declared here
 * because the upstream layer imports nothing of GraphQL.
 */
export type PromiseOrValue<T> = T | Promise<T>;

export function isPromise(value: unknown): value is Promise<unknown> {
  return typeof (value as { then?: unknown } | null | undefined)?.then === 'function';
}

/** `next` of `value`: at once when the value is there, once it settles when it is a promise. */
export function andThen<T, U>(
  value: PromiseOrValue<T>,
  next: (value: T) => PromiseOrValue<U>,
): PromiseOrValue<U> {
  return isPromise(value) ? (value as Promise<T>).then(next) : next(value as T);
}

/**
 * What `ask` answers at once, or undefined when it would have to wait (its promise's outcome
 * is then left unread, a failure included) or threw what `notThere` says means "not there
 * now". Anything else it throws is its answer, and thrown.
 */
export function atOnce<V>(
  ask: () => PromiseOrValue<V>,
  notThere: (thrown: unknown) => boolean,
): V | undefined {
  try {
    const value = ask();
    if (!isPromise(value)) return value;
    value.catch(() => undefined);
    return undefined;
  } catch (thrown) {
    if (notThere(thrown)) return undefined;
    throw thrown;
  }
}

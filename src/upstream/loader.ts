import DataLoader from 'dataloader';
import type { PromiseOrValue } from './promise-or-value';

/** A per-request loader of one upstream operation (see {@link operationLoader}). */
export interface OperationLoader<K, V> {
  /** The value for `key`: at once when its answer is held in memory, else a promise of it. */
  load(key: K): PromiseOrValue<V>;
  /** Makes `value` the answer for `key` in this request, unless the key was asked already. */
  prime(key: K, value: V): this;
}

/**
 * What a loader asks its client (client.ts `held`): the question's answer if it is there now,
 * undefined if not; a failure of what is there is thrown.
 */
export interface HeldAnswers {
  held<T>(ask: () => PromiseOrValue<T>): T | undefined;
}

/**
 * A per-request loader for one upstream operation. The upstreams have no batch
 * endpoints, so a batch is the set of distinct keys asked for in one tick: each
 * becomes one call, all in flight together; the same key is asked once.
 * `cacheKey` normalises a key the way the upstream does (exact, case-folded...).
 *
 * With `client`, `fetch` must be a question to it alone (its calls, and effects that are the
 * same whenever they run): a key whose answer the gateway holds fresh in memory is answered at
 * once, without DataLoader's promise and tick, where a warm execution would otherwise spend much
 * of its time, and primed into it, a failure too, so that the request asks no more for it.
 * Everything else goes through DataLoader as before.
 */
export function operationLoader<K, V>(
  fetch: (key: K) => PromiseOrValue<V>,
  cacheKey: (key: K) => string,
  client?: HeldAnswers,
): OperationLoader<K, V> {
  const loader = new DataLoader<K, V, string>(
    (keys) =>
      Promise.all(
        keys.map(async (key) => {
          try {
            return await fetch(key);
          } catch (error) {
            return toError(error);
          }
        }),
      ),
    { cacheKeyFn: cacheKey },
  );
  if (!client) return loader;
  return {
    load(key) {
      let held: V | undefined;
      try {
        held = client.held(() => fetch(key));
      } catch (error) {
        // The request's answer for this key, as DataLoader would have given it: a rejection.
        return loader.prime(key, toError(error)).load(key);
      }
      if (held === undefined) return loader.load(key);
      loader.prime(key, held);
      return held;
    },
    prime(key, value) {
      loader.prime(key, value);
      return this;
    },
  };
}

function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

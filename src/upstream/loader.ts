import DataLoader from 'dataloader';

/**
 * A per-request loader for one upstream operation. The upstreams have no batch
 * endpoints, so a batch is the set of distinct keys asked for in one tick: each
 * becomes one call, all in flight together; the same key is asked once.
 * `cacheKey` normalises a key the way the upstream does (exact, case-folded...).
 */
export function operationLoader<K, V>(
  fetch: (key: K) => Promise<V>,
  cacheKey: (key: K) => string,
): DataLoader<K, V, string> {
  return new DataLoader<K, V, string>(
    (keys) => Promise.all(keys.map((key) => fetch(key).catch((error: unknown) => toError(error)))),
    { cacheKeyFn: cacheKey },
  );
}

function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

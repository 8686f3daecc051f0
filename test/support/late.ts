/**
 * An object that is there only once a beforeAll hook has run, for suites that declare it at the
 * top of a describe; its methods stay bound to it.
 */
export function late<T extends object>(get: () => T | undefined, what: string): T {
  return new Proxy({} as T, {
    get: (_target, member) => {
      const value = get();
      if (!value) throw new Error(`${what} starts in beforeAll: use it inside tests and hooks.`);
      const found = Reflect.get(value, member) as unknown;
      return typeof found === 'function' ? (found as (...args: unknown[]) => unknown).bind(value) : found;
    },
  });
}

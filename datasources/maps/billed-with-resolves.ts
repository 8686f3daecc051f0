import { UpstreamError } from '../../src/kernel/errors';
import { capitalsHint } from '../../src/kernel/loccode';
import type { OperationLoader } from '../../src/upstream/loader';
import type { NamedLoccode, WithLoccodes, StreetModel } from './models';

type StreetLoader = OperationLoader<string, StreetModel>;

/**
 * A billed call (route, optimize) and the resolves of every loccode it names, side by side.
 *
 * Why resolve (maps spec): route and optimize learn of an unknown loccode only after
 * validation (route: 502 ENGINE_UNAVAILABLE, which also means "engine unreachable";
 * optimize: 404 NOT_FOUND without saying which code), while resolve (GET
 * /sdk/v1/loccode/{code}) is never billed, names the unknown code, and is shared with
 * `Loccode.street` through its loader and cached for 12 hours.
 *
 * Why side by side rather than resolving first, which would catch an unknown code before a
 * billed call: waiting for the resolves puts a whole upstream round before every cold route,
 * and a cold query pays a second upstream latency. Sent together, a request with
 * known codes takes one round, and one with an unknown code still costs at most the one
 * billed call the spec answers with its refusal, reported as LOCCODE_NOT_FOUND naming the
 * code and the argument it came from.
 */
export function billedWithResolves<R, V>(
  street: StreetLoader,
  billed: OperationLoader<R, V>,
  what: string,
): (call: WithLoccodes<R>) => Promise<V> {
  return async ({ request, loccodes }) => {
    const answer = Promise.resolve(billed.load(request));
    // Its refusal of an unknown code is replaced by the resolves' better account of it.
    answer.catch(() => undefined);
    await requireKnownLoccodes(street, loccodes, what);
    return answer;
  };
}

/**
 * Only a definite "no such loccode" decides: a resolve that fails otherwise (rate limited,
 * unavailable) proves nothing, and the billed call's own answer stands.
 */
async function requireKnownLoccodes(
  street: StreetLoader,
  loccodes: readonly NamedLoccode[],
  what: string,
): Promise<void> {
  const codes = [...new Set(loccodes.map(({ code }) => code))];
  const unknown = await Promise.all(
    codes.map((code) =>
      Promise.resolve(street.load(code)).then(
        () => false,
        (error: unknown) => error instanceof UpstreamError && error.code === 'LOCCODE_NOT_FOUND',
      ),
    ),
  );
  const missing = new Set(codes.filter((_code, index) => unknown[index]));
  if (missing.size === 0) return;
  throw new UpstreamError(
    'maps',
    'LOCCODE_NOT_FOUND',
    unknownLoccodesMessage(
      loccodes.filter(({ code }) => missing.has(code)),
      what,
    ),
  );
}

/** Each unknown code once, with every argument that gave it, e.g. `"ZZ9Z 9ZZ" (stops[2].loccode)`. */
function unknownLoccodesMessage(unknown: readonly NamedLoccode[], what: string): string {
  const argumentsOf = new Map<string, string[]>();
  for (const { code, argument } of unknown)
    argumentsOf.set(code, [...(argumentsOf.get(code) ?? []), argument]);
  const list = [...argumentsOf].map(([code, names]) => `"${code}" (${names.join(', ')})`).join(', ');
  const one = argumentsOf.size === 1;
  return `The maps service does not know the loccode${one ? '' : 's'} ${list}, so no ${what} was computed. Check ${one ? 'it' : 'them'}: the maps service knows only the street loccodes issued.${capitalsHint(argumentsOf.keys())}`;
}

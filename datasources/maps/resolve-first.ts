import type DataLoader from 'dataloader';
import { UpstreamError } from '../../src/kernel/errors';
import type { NamedLoccode, ResolveFirst, StreetModel } from './models';

type StreetLoader = DataLoader<string, StreetModel, string>;

/**
 * A billed call (route, optimize) made only once every loccode it names is known.
 *
 * Why resolve first (maps spec): resolve (GET /sdk/v1/loccode/{code}) is never billed,
 * while route and optimize are, and both learn of an unknown loccode only after
 * validation (route: 502 ENGINE_UNAVAILABLE, optimize: 404 NOT_FOUND), when the
 * allowance may already be consumed (Limits rule 4). A resolve is also cheap: each code
 * once per request through the `Loccode.street` loader, and cached for 12 hours, so a
 * known code costs no call the next time. An unknown code is thus reported without any
 * billed call, and a known one still costs at most one.
 */
export function resolveFirst<R, V>(
  street: StreetLoader,
  billed: DataLoader<R, V, string>,
  what: string,
): (call: ResolveFirst<R>) => Promise<V> {
  return async ({ request, loccodes }) => {
    await requireKnownLoccodes(street, loccodes, what);
    return billed.load(request);
  };
}

/**
 * Only a definite "no such loccode" stops the billed call: a resolve that fails otherwise
 * (rate limited, unavailable) proves nothing, and the service itself then decides.
 */
async function requireKnownLoccodes(
  street: StreetLoader,
  loccodes: readonly NamedLoccode[],
  what: string,
): Promise<void> {
  const codes = [...new Set(loccodes.map(({ code }) => code))];
  const unknown = await Promise.all(
    codes.map((code) =>
      street.load(code).then(
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
  return `The maps service does not know the loccode${one ? '' : 's'} ${list}, so no ${what} was computed. Check ${one ? 'it' : 'them'}: the maps service knows only the street loccodes issued.`;
}

import { SANDBOX_KEYS } from '../../src/sandbox/keys';
import type { HttpResponse } from '../support/http';

/*
 * What no response of the gateway may carry (README, Errors): an upstream key, a URL
 * holding one, a stack trace, or a path into the sources.
 */
const FORBIDDEN: Array<[string, RegExp | string]> = [
  ...Object.entries(SANDBOX_KEYS).map(([name, key]): [string, string] => [`the ${name} key`, key]),
  // Map resources take their key as a `key` query parameter (maps spec, Authentication 2).
  ['a URL with a key parameter', /[?&]key=/],
  ['a stacktrace', /stacktrace/i],
  ['a stack line', '    at '],
  ['a source path', '/src/'],
  ['a TypeScript location', '.ts:'],
];

/** What forbidden thing `text` holds, if any. */
export function forbiddenIn(text: string): string | undefined {
  const found = FORBIDDEN.find(([, pattern]) =>
    typeof pattern === 'string' ? text.includes(pattern) : pattern.test(text),
  );
  return found?.[0];
}

/** The first forbidden thing in a response's body or headers, named with where it was. */
export function leakIn(response: HttpResponse): string | undefined {
  const inBody = forbiddenIn(response.text);
  if (inBody) return `${inBody} in the body`;
  const headers = Object.entries(response.headers).map(([name, value]) => `${name}: ${value}`);
  const inHeaders = forbiddenIn(headers.join('\n'));
  return inHeaders && `${inHeaders} in a header`;
}

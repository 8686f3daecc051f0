import type { GraphQLError } from 'graphql';
import { badUserInput } from './errors';

const MAX_LENGTH = 32;
const SPACED = /^[A-Za-z0-9]+ [A-Za-z0-9]+$/;
const HYPHENATED = /^([A-Za-z0-9]+)-([A-Za-z0-9]+)$/;

/**
 * Checks only the shape of a loccode: two alphanumeric groups
 * joined by one space. Returns the code untouched, or the error to report; it
 * never corrects or guesses, but it shows the spaced form of a display form.
 */
export function checkLoccodeShape(code: string, argument = 'code'): GraphQLError | undefined {
  if (code.length > MAX_LENGTH) {
    return badUserInput(
      `A loccode is at most ${MAX_LENGTH} characters; "${argument}" is ${code.length}.`,
      argument,
    );
  }
  if (SPACED.test(code)) return undefined;
  const display = HYPHENATED.exec(code);
  if (display) {
    const spaced = `${display[1]} ${display[2]}`;
    return badUserInput(
      `"${code}" is the hyphenated display form of a loccode, which services do not accept as input. Send it with a space: "${spaced}".`,
      argument,
    );
  }
  return badUserInput(
    `"${code}" is not a loccode. A loccode is two groups of letters and digits joined by one space, e.g. "KN3A 7QP", sent exactly as issued.`,
    argument,
  );
}
/**
 * The sentence for a loccode a service did not find while it holds lower-case letters:
 * loccodes are issued in capitals and the services that match them exactly (agriculture,
 * maps, address) take no other case, so it offers the upper-case form. The gateway never
 * sends that form itself: it would answer for a code the client did not give. Empty when
 * every code is in capitals already. Starts with a space, to follow a sentence.
 */
export function capitalsHint(codes: Iterable<string>): string {
  const lower = [...new Set(codes)].filter((code) => code !== code.toUpperCase());
  if (lower.length === 0) return '';
  const suggestions =
    lower.length === 1
      ? `"${lower[0]!.toUpperCase()}"`
      : lower.map((code) => `"${code.toUpperCase()}" for "${code}"`).join(', ');
  return ` Loccodes are issued in capitals and this service matches them exactly, letter case included: did you mean ${suggestions}?`;
}

/** What a `Loccode` resolves from: the code exactly as the client sent it. */
export interface LoccodeModel {
  code: string;
}

import type { GraphQLError } from 'graphql';
import { badUserInput } from './errors';

const MAX_LENGTH = 32;
const SPACED = /^[A-Za-z0-9]+ [A-Za-z0-9]+$/;
const HYPHENATED = /^([A-Za-z0-9]+)-([A-Za-z0-9]+)$/;

/**
 * Checks only the shape of a loccode (API.md section 2): two alphanumeric groups
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
/** What a `Loccode` resolves from: the code exactly as the client sent it. */
export interface LoccodeModel {
  code: string;
}

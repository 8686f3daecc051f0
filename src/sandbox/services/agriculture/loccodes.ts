import type { Area, Locality, Street } from '../../dataset/types';
import { AGRICULTURE_ERROR_CODES as CODES } from './errors';
import { RejectedRequest } from '../../kit/types';
import type { Variants } from '../../kit/variants';

type LocalityIndex = ReadonlyMap<string, Street | Area>;

/** Spec "Errors": a missing loccode is a 400. Empty or blank text counts as missing (our choice). */
export function isMissing(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

export function loccodeRequired(fields: string[]): RejectedRequest {
  const names = fields.join(' and ');
  return new RejectedRequest(
    400,
    CODES.loccodeRequired,
    `${names} ${fields.length > 1 ? 'are' : 'is'} required. Send the loccode exactly as issued, e.g. 'KN3A 7QP'.`,
    fields.join(', '),
  );
}

/**
 * Spec "Loccode rules": the code must be sent exactly as issued, same characters and
 * spacing; the service does not correct or guess. Lowercase, hyphenated display forms,
 * doubled spaces and non-strings are all "malformed or unregistered" (404).
 */
export function findLocality(
  localities: LocalityIndex,
  value: unknown,
  field: string,
  notFoundCode: string = CODES.loccodeNotFound,
): Locality {
  const locality = typeof value === 'string' ? localities.get(value) : undefined;
  if (!locality) {
    throw new RejectedRequest(
      404,
      notFoundCode,
      `No area is registered under ${field} ${JSON.stringify(value)}. Send the loccode exactly as issued, ` +
        `with the same capitals and a single space, e.g. 'KN3A 7QP' or 'KAN 700001'.`,
      field,
    );
  }
  return locality;
}

/** The display form some responses echo (spec: "for example with a hyphen instead of the space"). */
export function displayLoccode(code: string): string {
  return code.replace(' ', '-');
}

/**
 * The loccode a record echoes: the display form, or (variant `loccodeEcho: as-sent`) the
 * code as sent, which for agriculture is the registered code itself (it matches exactly).
 */
export function echoedLoccode(code: string, variants: Readonly<Variants>): string {
  return variants.loccodeEcho === 'as-sent' ? code : displayLoccode(code);
}

/** Human-readable place name used in the `location` fields, e.g. "Kano, Kano State". */
export function locationName(locality: Locality): string {
  return `${locality.city}, ${stateLabel(locality.state)}`;
}

/** "Kano State"; the Federal Capital Territory is not a state. */
export function stateLabel(state: string): string {
  return state === 'Federal Capital Territory' ? state : `${state} State`;
}

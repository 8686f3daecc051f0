import type { ConformanceTable } from '../../src/upstream/conformance';
import type { AddressEndpoint } from './endpoints';

/** Spec B, Endpoints: "the loccode format pattern is four characters, a space, three characters". */
const PATTERN = /^\S{4} \S{3}$/;

/**
 * health-and-address-services.md, service B: "error statuses and error body: not shown".
 * Rows match by status alone. A 404 is taken in its HTTP meaning, "not found"; any other
 * refusal stays a refusal, never an absence, and nothing here but a 404 is remembered.
 */
export const ADDRESS_CONFORMANCE: ConformanceTable<AddressEndpoint> = {
  title: 'Address (health-and-address-services.md, service B)',
  codeOf: () => undefined,
  // What the spec says of the pattern, only when the loccode sent is off it.
  quote: (call) => {
    const loccode = call.params?.loccode;
    return {
      pattern:
        typeof loccode === 'string' && !PATTERN.test(loccode)
          ? ' It looks up codes of the pattern four characters, a space, three (e.g. "KN3A 7QP"); area codes such as "KAN 700001" have no record there.'
          : '',
    };
  },
  notes: [
    '`{pattern}` is, only when the loccode sent is off the pattern the spec gives (four characters, a space, three), a sentence saying so.',
  ],
  rows: [
    {
      status: 400,
      operations: ['byLoccode'],
      // The sandbox refuses a code off the pattern (an area code) this way; the spec shows no
      // statuses, so a 400 says only that the service refused the code, not that it has none.
      when: 'the service refused the loccode (statuses not shown in the spec): not an absence, never remembered',
      code: 'BAD_USER_INPUT',
      message:
        'The address service refused the loccode "{loccode}" (HTTP 400) without saying why, so whether it has an address is not known.{pattern}',
      then: 'report',
    },
    {
      status: 404,
      operations: ['byLoccode'],
      when: 'no record for the loccode: statuses are not shown in the spec, so a 404 is taken in its HTTP meaning, not found',
      code: 'LOCCODE_NOT_FOUND',
      message: 'The address service has no verified address for the loccode "{loccode}".{capitals:loccode}',
      then: 'remember',
    },
    {
      status: 404,
      operations: ['byStreet'],
      when: 'no street matches: a 404 taken in its HTTP meaning (statuses not shown in the spec)',
      code: 'NOT_FOUND',
      message: 'No verified street matches "{streetName}".',
      then: 'report',
    },
    {
      status: 404,
      operations: ['byCoordinates'],
      when: 'no verified address near the point: a 404 taken in its HTTP meaning (statuses not shown in the spec)',
      code: 'NOT_FOUND',
      message:
        'No verified address is near {latitude}, {longitude}; the address service covers Nigeria only.',
      then: 'report',
    },
    {
      status: 400,
      operations: ['byStreet'],
      when: 'the service refused the street name (statuses not shown in the spec)',
      code: 'BAD_USER_INPUT',
      message:
        'The address service refused "streetName" (HTTP 400) without saying why; check it against the field\'s description.',
      then: 'report',
    },
    {
      status: 400,
      operations: ['byCoordinates'],
      when: 'the service refused the coordinates (statuses not shown in the spec)',
      code: 'BAD_USER_INPUT',
      message:
        'The address service refused "location" (HTTP 400) without saying why; check it against the field\'s description.',
      then: 'report',
    },
  ],
};

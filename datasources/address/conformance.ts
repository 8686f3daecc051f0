import type { ConformanceTable } from '../../src/upstream/conformance';
import type { AddressOperation } from './operations';

/**
 * health-and-address-services.md, service B: "error statuses and error body: not shown".
 * These rows are the sandbox's documented behaviour (NestJS-style `{statusCode, error,
 * message}`, no codes), matched by status alone.
 */
export const ADDRESS_CONFORMANCE: ConformanceTable<AddressOperation> = {
  title: 'Address (health-and-address-services.md, service B)',
  codeOf: () => undefined,
  rows: [
    {
      status: 400,
      operations: ['byLoccode'],
      // The lookup takes the `XXXX XXX` pattern only: an area code such as `KAN 700001` is
      // well formed for the graph but has no street record here.
      when: 'the loccode does not match the pattern four characters, a space, three (sandbox)',
      code: 'LOCCODE_NOT_FOUND',
      message:
        'The address service knows street loccodes only (four letters or digits, a space, three, e.g. "KN3A 7QP"); "{loccode}" is not one.',
      then: 'remember',
    },
    {
      status: 404,
      operations: ['byLoccode'],
      when: 'no record for the loccode (sandbox)',
      code: 'LOCCODE_NOT_FOUND',
      message: 'The address service has no verified address for the loccode "{loccode}".',
      then: 'remember',
    },
    {
      status: 404,
      operations: ['byStreet'],
      when: 'no street matches (sandbox)',
      code: 'NOT_FOUND',
      message: 'No verified street matches "{streetName}".',
      then: 'report',
    },
    {
      status: 404,
      operations: ['byCoordinates'],
      when: 'no verified address near the point (sandbox)',
      code: 'NOT_FOUND',
      message:
        'No verified address is near {latitude}, {longitude}; the address service covers Nigeria only.',
      then: 'report',
    },
    {
      status: 400,
      operations: ['byStreet', 'byCoordinates'],
      when: 'the arguments are refused (sandbox)',
      code: 'BAD_USER_INPUT',
      message:
        "The address service refused the arguments of its {operation} lookup; check them against the field's description.",
      then: 'report',
    },
  ],
};

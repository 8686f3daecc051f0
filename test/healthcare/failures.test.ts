import { translateHealthcareFailure } from '../../datasources/healthcare/failures';

/** A GET of `operation` for KN3A 7QP, as the client sends it. */
const callOf = (operation: string) => ({
  operation,
  method: 'GET' as const,
  path: `/api/v1/${operation}`,
  query: { loccode: 'KN3A 7QP' },
});

/** The sandbox's error body for a code, with a message and details the gateway must not repeat. */
const body = (code: string) => ({
  error: { code, message: 'upstream words', details: 'https://secret.invalid/?key=k' },
});
const translate = (status: number, code: string) =>
  translateHealthcareFailure(status, body(code), callOf('facilities'));

describe('the healthcare failure vocabulary, for answers the graph cannot provoke', () => {
  it.each([
    ['LOCCODE_REQUIRED', /no loccode/],
    ['FACILITY_LEVEL_REQUIRED', /PRIMARY, SECONDARY or TERTIARY/],
    ['INVALID_FACILITY_LEVEL', /PRIMARY, SECONDARY or TERTIARY/],
    ['INVALID_RADIUS', /"radiusKm"/],
    ['INVALID_LIMIT', /"limit"/],
    ['HEALTH_CONDITION_REQUIRED', /"condition"/],
  ])('400 %s is BAD_USER_INPUT with our own message', (code, message) => {
    const translation = translate(400, code);
    expect(translation.code).toBe('BAD_USER_INPUT');
    expect(translation.message).toMatch(message);
    expect(translation.message).not.toMatch(/upstream words|secret/);
  });

  it('a 400 with a code we do not know is still BAD_USER_INPUT, naming the operation', () => {
    expect(translate(400, 'SOMETHING_ELSE')).toEqual({
      code: 'BAD_USER_INPUT',
      message: expect.stringContaining('facilities'),
    });
  });

  it('any 404 is LOCCODE_NOT_FOUND, whatever its code: every route takes a loccode', () => {
    expect(translate(404, 'LOCCODE_NOT_FOUND').code).toBe('LOCCODE_NOT_FOUND');
    expect(translate(404, 'UNKNOWN_LOCCODE').code).toBe('LOCCODE_NOT_FOUND');
    expect(translateHealthcareFailure(404, 'not json', callOf('access')).code).toBe('LOCCODE_NOT_FOUND');
  });

  it('another 4xx is UPSTREAM_BAD_RESPONSE and a 5xx UPSTREAM_UNAVAILABLE', () => {
    expect(translate(409, 'CONFLICT').code).toBe('UPSTREAM_BAD_RESPONSE');
    expect(translate(504, 'GATEWAY_TIMEOUT').code).toBe('UPSTREAM_UNAVAILABLE');
  });
});

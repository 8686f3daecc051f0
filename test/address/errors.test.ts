import { expectNoUpstreamEcho, failWithStatus } from '../support/sandbox';
import { useTestStack } from '../support/gateway';
import { KANO_STREET } from './upstream';

const KANO_AREA = 'KAN 700001';

describe('address failures reach the client as coded errors at the field, with siblings intact', () => {
  const stack = useTestStack();

  const only = (
    errors: Array<{ path?: unknown; extensions?: Record<string, unknown>; message: string }> | undefined,
  ) => {
    expect(errors).toHaveLength(1);
    return errors![0]!;
  };

  it('404 on the loccode lookup is LOCCODE_NOT_FOUND; the code and a healthcare sibling still answer', async () => {
    const { data, errors } = await stack.query(
      `{ loccode(code: "ZZ9Z 9ZZ") { code address { streetName } } kano: loccode(code: "${KANO_STREET}") { heatmap { radiusKm } } }`,
    );
    expect(data.loccode).toEqual({ code: 'ZZ9Z 9ZZ', address: null });
    expect(data.kano.heatmap.radiusKm).toBeGreaterThan(0);
    const error = only(errors);
    expect(error.path).toEqual(['loccode', 'address']);
    expect(error.extensions).toMatchObject({ code: 'LOCCODE_NOT_FOUND', service: 'address' });
  });

  it('400 for an area loccode is a refusal, not LOCCODE_NOT_FOUND: it names the code and the pattern the service takes', async () => {
    const { data, errors } = await stack.query(
      `{ loccode(code: "${KANO_AREA}") { code address { streetName } healthcareAccess { accessScore } } }`,
    );
    expect(data.loccode.address).toBeNull();
    expect(typeof data.loccode.healthcareAccess.accessScore).toBe('number');
    const error = only(errors);
    expect(error.path).toEqual(['loccode', 'address']);
    expect(error.extensions).toMatchObject({ code: 'BAD_USER_INPUT', service: 'address' });
    expect(error.message).toBe(
      `The address service refused the loccode "${KANO_AREA}" (HTTP 400) without saying why, so whether it has an address is not known. It looks up codes of the pattern four characters, a space, three (e.g. "KN3A 7QP"); area codes such as "KAN 700001" have no record there.`,
    );
    expect(stack.sandbox.controls.count({ service: 'address', operation: 'byLoccode' })).toBe(1);
  });

  it('404 on the street lookup is NOT_FOUND naming the street', async () => {
    const { data, errors } = await stack.query(
      `{ addressByStreet(streetName: "Nowhere Such Lane") { streetName } loccode(code: "${KANO_STREET}") { address { state } } }`,
    );
    expect(data).toEqual({ addressByStreet: null, loccode: { address: { state: 'Kano' } } });
    const error = only(errors);
    expect(error.path).toEqual(['addressByStreet']);
    expect(error.extensions).toMatchObject({ code: 'NOT_FOUND', service: 'address' });
    expect(error.message).toContain('"Nowhere Such Lane"');
  });

  it('404 on the coordinates lookup (outside Nigeria) is NOT_FOUND', async () => {
    const { data, errors } = await stack.query(
      `{ addressNear(location: { latitude: 51.5, longitude: -0.12 }) { streetName } loccode(code: "${KANO_STREET}") { address { state } } }`,
    );
    expect(data).toEqual({ addressNear: null, loccode: { address: { state: 'Kano' } } });
    const error = only(errors);
    expect(error.path).toEqual(['addressNear']);
    expect(error.extensions).toMatchObject({ code: 'NOT_FOUND', service: 'address' });
  });

  /** Fails the street lookup only, by an injected answer; the loccode lookup beside it must keep its data. */
  async function streetLookupFailing(fault: {
    status?: number;
    kind?: 'status' | 'not-json';
    retryAfterSeconds?: number;
  }) {
    stack.sandbox.controls.injectFault({
      service: 'address',
      operation: 'byStreet',
      kind: 'status',
      ...fault,
    });
    const { data, errors } = await stack.query(
      `{ addressByStreet(streetName: "Ahmadu Bello Way") { streetName } loccode(code: "${KANO_STREET}") { address { state } } }`,
    );
    expect(data).toEqual({ addressByStreet: null, loccode: { address: { state: 'Kano' } } });
    const error = only(errors);
    expect(error.path).toEqual(['addressByStreet']);
    expect(error.extensions!.service).toBe('address');
    expect(error.message).not.toContain('Injected failure');
    return error;
  }

  it('400 on the street or coordinates lookup is BAD_USER_INPUT with our own message', async () => {
    const error = await streetLookupFailing({ status: 400 });
    expect(error.extensions!.code).toBe('BAD_USER_INPUT');
  });

  it('401 Unauthorized is UPSTREAM_UNAUTHORIZED', async () => {
    const error = await streetLookupFailing({ status: 401 });
    expect(error.extensions!.code).toBe('UPSTREAM_UNAUTHORIZED');
  });

  it('429 Too Many Requests is UPSTREAM_RATE_LIMITED with the Retry-After seconds', async () => {
    const error = await streetLookupFailing({ status: 429, retryAfterSeconds: 3 });
    expect(error.extensions).toMatchObject({ code: 'UPSTREAM_RATE_LIMITED', retryAfterSeconds: 3 });
  });

  it.each([500, 502, 503])('%i is UPSTREAM_UNAVAILABLE', async (status) => {
    const error = await streetLookupFailing({ status });
    expect(error.extensions!.code).toBe('UPSTREAM_UNAVAILABLE');
  });

  it('a body that is not JSON is UPSTREAM_BAD_RESPONSE', async () => {
    const error = await streetLookupFailing({ kind: 'not-json' });
    expect(error.extensions!.code).toBe('UPSTREAM_BAD_RESPONSE');
  });

  it('never forwards the upstream message, even when it echoes the URL and the key', async () => {
    failWithStatus(stack.sandbox.controls, 'address', undefined, { status: 404, echoRequest: true });
    const { response } = await stack.query(`{ loccode(code: "${KANO_STREET}") { address { state } } }`);
    expect(response.text).toContain('LOCCODE_NOT_FOUND');
    expectNoUpstreamEcho(response.text, stack.sandbox, 'address');
  });
});

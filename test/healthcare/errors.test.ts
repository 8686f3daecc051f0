import { expectNoUpstreamEcho, failWithStatus } from '../support/sandbox';
import { facilitiesBody } from '../../datasources/healthcare/wire';
import { useTestStack } from '../support/gateway';
import { KANO_AREA, KANO_STREET } from './upstream';

/** A code of the right shape that no service knows. */
const UNKNOWN_CODE = 'ZZ9Z 9ZZ';

/** Each healthcare field with a small selection, and the sandbox operation behind it. */
const FIELDS: Array<[field: string, selection: string, operation: string]> = [
  ['facilities', 'facilities(level: PRIMARY) { count }', 'facilities'],
  ['healthcareAccess', 'healthcareAccess { accessScore }', 'access'],
  ['emergency', 'emergency { contacts { police } }', 'emergencyRoute'],
  ['specialists', 'specialists(condition: "fever") { interpretedCondition }', 'specialist'],
  ['healthRisk', 'healthRisk { index }', 'healthRisk'],
  ['heatmap', 'heatmap { radiusKm }', 'heatmap'],
];

describe('healthcare failures reach the client as coded errors at the field, with siblings intact', () => {
  const stack = useTestStack();

  /** Fails `heatmap` only, by an injected upstream answer; `healthRisk` next to it must keep its data. */
  async function heatmapFailing(fault: {
    status?: number;
    kind?: 'status' | 'not-json';
    retryAfterSeconds?: number;
  }) {
    stack.sandbox.controls.injectFault({
      service: 'healthcare',
      operation: 'heatmap',
      kind: 'status',
      ...fault,
    });
    const result = await stack.query(
      `{ loccode(code: "${KANO_STREET}") { healthRisk { index } heatmap { radiusKm } } }`,
    );
    expect(result.data.loccode.heatmap).toBeNull();
    expect(typeof result.data.loccode.healthRisk.index).toBe('number');
    expect(result.errors).toHaveLength(1);
    const [error] = result.errors!;
    expect(error!.path).toEqual(['loccode', 'heatmap']);
    expect(error!.extensions!.service).toBe('healthcare');
    return error!;
  }

  it.each(FIELDS)(
    '404 LOCCODE_NOT_FOUND on %s is LOCCODE_NOT_FOUND, the other loccode still answering',
    async (field, selection) => {
      const { data, errors } = await stack.query(
        `{ unknown: loccode(code: "${UNKNOWN_CODE}") { code ${selection} } known: loccode(code: "${KANO_STREET}") { ${selection} } }`,
      );
      expect(data.unknown).toEqual({ code: UNKNOWN_CODE, [field]: null });
      expect(data.known[field]).not.toBeNull();
      expect(errors).toHaveLength(1);
      expect(errors![0]!.path).toEqual(['unknown', field]);
      expect(errors![0]!.extensions).toMatchObject({ code: 'LOCCODE_NOT_FOUND', service: 'healthcare' });
      expect(errors![0]!.message).toContain(`"${UNKNOWN_CODE}"`);
    },
  );

  it('a 404 from healthcare leaves agriculture data intact in the same response', async () => {
    // The service's generic 404 body (code NOT_FOUND): mapped by status, as the spec's 404 is an unknown loccode.
    failWithStatus(stack.sandbox.controls, 'healthcare', 'access', { status: 404 });
    const { data, errors } = await stack.query(
      `{ loccode(code: "${KANO_AREA}") { code climate { state } healthcareAccess { accessScore } } }`,
    );
    expect(data.loccode.healthcareAccess).toBeNull();
    expect(data.loccode.climate.state).toBe('Kano');
    expect(errors).toHaveLength(1);
    expect(errors![0]!.path).toEqual(['loccode', 'healthcareAccess']);
    expect(errors![0]!.extensions).toMatchObject({ code: 'LOCCODE_NOT_FOUND', service: 'healthcare' });
  });

  describe('the 400 codes never happen: the graph refuses the same input first, without a call', () => {
    it.each([
      ['LOCCODE_REQUIRED', `{ loccode(code: "") { heatmap { radiusKm } } }`, 'BAD_USER_INPUT', ['loccode']],
      [
        'INVALID_RADIUS',
        `{ loccode(code: "${KANO_STREET}") { facilities(level: PRIMARY, radiusKm: 0) { count } } }`,
        'BAD_USER_INPUT',
        ['loccode', 'facilities'],
      ],
      [
        'INVALID_LIMIT',
        `{ loccode(code: "${KANO_STREET}") { facilities(level: PRIMARY, limit: 0) { count } } }`,
        'BAD_USER_INPUT',
        ['loccode', 'facilities'],
      ],
      [
        'HEALTH_CONDITION_REQUIRED',
        `{ loccode(code: "${KANO_STREET}") { specialists(condition: "") { interpretedCondition } } }`,
        'BAD_USER_INPUT',
        ['loccode', 'specialists'],
      ],
      [
        'INVALID_FACILITY_LEVEL',
        `{ loccode(code: "${KANO_STREET}") { facilities(level: Primary) { count } } }`,
        'GRAPHQL_VALIDATION_FAILED',
        undefined,
      ],
      [
        'FACILITY_LEVEL_REQUIRED',
        `{ loccode(code: "${KANO_STREET}") { facilities { count } } }`,
        'GRAPHQL_VALIDATION_FAILED',
        undefined,
      ],
    ])('%s', async (_upstreamCode, document, code, path) => {
      const { errors } = await stack.query(document);
      expect(errors![0]!.extensions!.code).toBe(code);
      expect(errors![0]!.path).toEqual(path);
      expect(stack.sandbox.controls.count({ service: 'healthcare' })).toBe(0);
    });
  });

  it('a limit past the bound the sandbox keeps (the spec states none) reaches the service, whose 400 INVALID_LIMIT is BAD_USER_INPUT', async () => {
    const { errors } = await stack.query(
      `{ loccode(code: "${KANO_STREET}") { facilities(level: PRIMARY, limit: 99) { count } } }`,
    );
    expect(errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', service: 'healthcare' });
    expect(errors![0]!.message).toContain('"limit" 99');
    expect(errors![0]!.path).toEqual(['loccode', 'facilities']);
    expect(stack.sandbox.controls.count({ service: 'healthcare', operation: 'facilities' })).toBe(1);
  });

  it('401 UNAUTHORIZED is UPSTREAM_UNAUTHORIZED, a server problem rather than the client’s', async () => {
    const error = await heatmapFailing({ status: 401 });
    expect(error.extensions!.code).toBe('UPSTREAM_UNAUTHORIZED');
  });

  it('429 RATE_LIMITED is UPSTREAM_RATE_LIMITED with the Retry-After seconds', async () => {
    const error = await heatmapFailing({ status: 429, retryAfterSeconds: 7 });
    expect(error.extensions).toMatchObject({ code: 'UPSTREAM_RATE_LIMITED', retryAfterSeconds: 7 });
  });

  it.each([
    ['INTERNAL_SERVER_ERROR', 500],
    ['BAD_GATEWAY', 502],
    ['SERVICE_UNAVAILABLE', 503],
  ])('%s (%i) is UPSTREAM_UNAVAILABLE', async (_upstreamCode, status) => {
    const error = await heatmapFailing({ status });
    expect(error.extensions!.code).toBe('UPSTREAM_UNAVAILABLE');
  });

  it('a body that is not JSON is UPSTREAM_BAD_RESPONSE', async () => {
    const error = await heatmapFailing({ kind: 'not-json' });
    expect(error.extensions!.code).toBe('UPSTREAM_BAD_RESPONSE');
  });

  it('never forwards the upstream message, even when it echoes the URL and the key', async () => {
    failWithStatus(stack.sandbox.controls, 'healthcare', 'heatmap', { status: 404, echoRequest: true });
    const { response } = await stack.query(`{ loccode(code: "${KANO_STREET}") { heatmap { radiusKm } } }`);
    expect(response.text).toContain('LOCCODE_NOT_FOUND');
    expectNoUpstreamEcho(response.text, stack.sandbox, 'healthcare');
  });

  it('a wrapped answer is an answer only with success: true', async () => {
    const url = `${stack.sandbox.urls.healthcare}/api/v1/facilities?loccode=KN3A%207QP&facility_level=Primary`;
    const { json } = await stack.http.get(url, { authorization: `Bearer ${stack.sandbox.keys.healthcare}` });
    expect(facilitiesBody.safeParse(json).success).toBe(true);
    expect(facilitiesBody.safeParse({ ...json, success: false }).success).toBe(false);
    expect(facilitiesBody.safeParse({ ...json, success: undefined }).success).toBe(false);
  });
});

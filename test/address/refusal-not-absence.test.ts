import { failWithStatus } from '../support/sandbox';
import { CONFORMANCE } from '../../datasources/conformance';
import { FALLBACK_ROWS } from '../../src/upstream/conformance';
import { useTestStack } from '../support/gateway';
import { KANO_STREET } from './upstream';

/*
 * Spec B: "error statuses and error body: not shown". A 404 is taken in its HTTP meaning, not
 * found, and remembered like every "no such loccode"; any other refusal is not an absence: it
 * is reported as a refusal and never kept, so the next request asks again. With the upstream
 * cache on, as in production, so that remembering could happen.
 */
describe('an address refusal is not an absence, and is not remembered', () => {
  const stack = useTestStack({
    UPSTREAM_CACHE: 'on',
    RESPONSE_CACHE: 'off',
    UPSTREAM_PACING: 'off',
    UPSTREAM_MAX_ATTEMPTS: '1',
    CIRCUIT_FAILURE_THRESHOLD: '1000000',
    CLIENT_POINTS_PER_MINUTE: '100000000',
  });
  const lookups = () => stack.sandbox.controls.count({ service: 'address', operation: 'byLoccode' });
  const ask = (code: string) => stack.query(`{ loccode(code: "${code}") { address { streetName } } }`);

  it('a 400 for a well-formed loccode is BAD_USER_INPUT naming the loccode, and the next request asks again', async () => {
    failWithStatus(stack.sandbox.controls, 'address', 'byLoccode', { status: 400, times: 1 });
    const refused = await ask(KANO_STREET);
    expect(refused.data.loccode.address).toBeNull();
    expect(refused.errors).toHaveLength(1);
    expect(refused.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', service: 'address' });
    expect(refused.errors![0]!.message).toBe(
      `The address service refused the loccode "${KANO_STREET}" (HTTP 400) without saying why, so whether it has an address is not known.`,
    );
    expect(lookups()).toBe(1);

    const again = await ask(KANO_STREET);
    expect(again.errors).toBeUndefined();
    expect(again.data.loccode.address.streetName).toBe(
      stack.sandbox.dataset.streetByCode.get(KANO_STREET)!.name,
    );
    expect(lookups()).toBe(2);
  });

  it('a 404 is LOCCODE_NOT_FOUND and remembered: the next request is answered without a call', async () => {
    const code = 'ZZ8Z 8ZZ';
    const first = await ask(code);
    expect(first.errors![0]!.extensions).toMatchObject({ code: 'LOCCODE_NOT_FOUND', service: 'address' });
    expect(first.errors![0]!.message).toBe(
      `The address service has no verified address for the loccode "${code}".`,
    );
    await ask(code);
    expect(lookups()).toBe(1);
  });

  it.each([401, 403, 409, 422, 500])('a %i is never LOCCODE_NOT_FOUND nor remembered', async (status) => {
    failWithStatus(stack.sandbox.controls, 'address', 'byLoccode', { status });
    const code = `ZZ${status % 10}Z 7ZZ`;
    const first = await ask(code);
    expect(first.errors![0]!.extensions!.code).not.toMatch(/NOT_FOUND/);
    await ask(code);
    expect(lookups()).toBe(2);
  });
});

describe('in every service table, only a 404 is an absence', () => {
  const absences = CONFORMANCE.flatMap(({ table }) =>
    [...table.rows, ...FALLBACK_ROWS]
      .filter((row) => /NOT_FOUND$/.test(row.code) || row.then === 'remember')
      .map(
        (row) => [`${table.title}: ${row.code} (${row.then}) on ${row.operations ?? 'all'}`, row] as const,
      ),
  );

  it.each(absences)('%s comes from a 404', (_name, row) => {
    expect(row.status).toBe(404);
  });
});

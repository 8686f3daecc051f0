import { useTestStack } from '../support/gateway';
import { waitFor } from '../support/time';
import { KANO_STREET, UNISSUED_LOCCODE } from './support';

/**
 * Billing discipline, with production defaults (UPSTREAM_MAX_ATTEMPTS=2, caches
 * on). Maps spec: route and optimize are billed, resolve (GET /sdk/v1/loccode/{code}) never
 * is, and a route to an unknown loccode fails only after validation (502 ENGINE_UNAVAILABLE),
 * when the allowance may be consumed (Limits rule 4). So the loccodes of a route or trip are
 * resolved alongside the billed call: an unknown one costs at most that one billed call, which
 * the service refuses, and is reported naming the code; a known one costs exactly one.
 */
describe('billed maps calls and the loccodes they name (production defaults)', () => {
  const stack = useTestStack({ CLIENT_POINTS_PER_MINUTE: '100000000' });

  const route = (destination: string, origin = KANO_STREET) =>
    `{ route(origin: { loccode: "${origin}" }, destination: { loccode: "${destination}" }) { distanceMeters } }`;

  it('a route to an unknown loccode is one LOCCODE_NOT_FOUND error and at most one billed call', async () => {
    const { data, errors } = await stack.query(route(UNISSUED_LOCCODE));
    expect(data.route).toBeNull();
    expect(errors).toHaveLength(1);
    expect(errors![0]!.extensions).toMatchObject({ code: 'LOCCODE_NOT_FOUND', service: 'maps' });
    expect(errors![0]!.message).toContain(`"${UNISSUED_LOCCODE}" (destination.loccode)`);
    // One resolve per distinct code, never retried; nothing billed.
    // The route goes out alongside the resolves (billed-with-resolves.ts): the service's 502 is the one billed call.
    expect(stack.sandbox.controls.counts()).toEqual({ 'maps/resolveLoccode': 2, 'maps/route': 1 });
  });

  it('a route between known loccodes is exactly one billed call; another route between them resolves nothing again (cached 12 h)', async () => {
    // Streets no other test of this suite resolves, so the 12-hour resolve cache starts cold.
    const [origin, destination] = stack.sandbox.dataset.streets
      .filter((candidate) => candidate.state === 'Lagos')
      .map(({ code }) => code);
    const first = await stack.query(route(destination!, origin));
    expect(first.errors).toBeUndefined();
    expect(stack.sandbox.controls.counts()).toEqual({ 'maps/resolveLoccode': 2, 'maps/route': 1 });
    const onFoot = await stack.query(route(destination!, origin).replace(') {', ', mode: WALK) {'));
    expect(onFoot.errors).toBeUndefined();
    expect(stack.sandbox.controls.counts()).toEqual({ 'maps/resolveLoccode': 2, 'maps/route': 2 });
  });

  it('a trip with an unknown stop loccode is one LOCCODE_NOT_FOUND error and at most one billed optimize call', async () => {
    const { errors } = await stack.query(
      `{ optimizeStops(origin: { loccode: "${KANO_STREET}" }, destination: { loccode: "${KANO_STREET}" },
          stops: [{ id: "a", loccode: "${UNISSUED_LOCCODE}" }]) { totalDistanceMeters } }`,
    );
    expect(errors).toHaveLength(1);
    expect(errors![0]!.extensions).toMatchObject({ code: 'LOCCODE_NOT_FOUND', service: 'maps' });
    expect(errors![0]!.message).toContain(`"${UNISSUED_LOCCODE}" (stops[0].loccode)`);
    // The optimize goes out alongside the resolves (billed-with-resolves.ts) and may reach the
    // service after the answer has reached us: the one billed call the spec answers with its 404.
    const optimizeCalls = () => stack.sandbox.controls.count({ service: 'maps', operation: 'optimize' });
    await waitFor(() => optimizeCalls() > 0, { timeoutMs: 5_000 });
    expect(optimizeCalls()).toBe(1);
  });
});

import { useTestStack } from '../support/gateway';
import { KANO_STREET } from './support';

/**
 * Issue #12, billing discipline, with production defaults (UPSTREAM_MAX_ATTEMPTS=2): a
 * route to a loccode the maps service does not know answers 502 ENGINE_UNAVAILABLE (spec,
 * Other behaviour), which the gateway used to retry: two billed routes and two resolves. A
 * billed call is now retried only after a rate-limit refusal, which bills nothing (Limits
 * rule 4); the unbilled resolve afterwards tells "no such loccode" from "try again later".
 */
describe('a route to a loccode the maps service does not know (production defaults)', () => {
  const stack = useTestStack({ CLIENT_POINTS_PER_MINUTE: '100000000' });

  it('is one LOCCODE_NOT_FOUND error, after one billed route call and no retry', async () => {
    const unknown = 'ZZ9Z 9ZZ';
    const { data, errors } = await stack.query(
      `{ route(origin: { loccode: "${KANO_STREET}" }, destination: { loccode: "${unknown}" }) { distanceMeters } }`,
    );
    expect(data.route).toBeNull();
    expect(errors).toHaveLength(1);
    expect(errors![0]!.extensions).toMatchObject({ code: 'LOCCODE_NOT_FOUND', service: 'maps' });
    expect(errors![0]!.message).toContain(`destination loccode "${unknown}" does not exist`);
    const calls = stack.sandbox.controls.counts();
    expect(calls['maps/route']).toBe(1);
    // The resolves that tell the two 502s apart are never billed (maps spec, Limits).
    expect(
      Object.keys(calls).filter((name) => name !== 'maps/route' && name !== 'maps/resolveLoccode'),
    ).toEqual([]);
  });
});

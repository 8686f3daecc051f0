import { ConfigError, loadConfig } from '../../src/start/config';
import { SINGLE_REQUEST_DISCIPLINE, startTestStack, useTestStack } from '../support/gateway';
import { SANDBOX_KEYS } from '../../src/sandbox/keys';

/**
 * In production a service whose URL was forgotten must not be served by the sandbox in
 * silence while /readyz says ready.
 */
describe('a service without its URL beside a live one', () => {
  const reference = useTestStack(SINGLE_REQUEST_DISCIPLINE);

  it('stops start-up, naming the missing variables, before anything listens', async () => {
    const live = {
      AGRI_BASE_URL: reference.sandbox.urls.agriculture,
      AGRI_API_KEY: SANDBOX_KEYS.agriculture,
    };
    await expect(startTestStack({ ...SINGLE_REQUEST_DISCIPLINE, ...live })).rejects.toThrow(ConfigError);
    expect(() => loadConfig(live)).toThrow(
      /MAP_API_BASE_URL is not set[\s\S]*HEALTH_BASE_URL[\s\S]*ADDRESS_BASE_URL/,
    );
  });

  it('is simulated on purpose with SANDBOX, and /readyz lists what is simulated', async () => {
    const stack = await startTestStack({
      ...SINGLE_REQUEST_DISCIPLINE,
      AGRI_BASE_URL: reference.sandbox.urls.agriculture,
      AGRI_API_KEY: SANDBOX_KEYS.agriculture,
      SANDBOX: 'maps,healthcare,address',
      ALLOW_ANONYMOUS: 'true',
    });
    try {
      const ready = await stack.http.get(stack.app.url.replace(/\/graphql$/, '/readyz'));
      expect(ready.status).toBe(200);
      expect(ready.json.upstreams).toEqual({
        agriculture: 'up',
        maps: 'sandboxed',
        healthcare: 'sandboxed',
        address: 'sandboxed',
      });
      const { data } = await stack.query('{ loccode(code: "KN3A 7QP") { climate { state } } }');
      expect(data.loccode.climate.state).toBe('Kano');
      // The live agriculture is the reference stack's sandbox, not this gateway's own.
      expect(reference.sandbox.controls.count({ service: 'agriculture' })).toBe(1);
    } finally {
      await stack.close();
    }
  });
});

import { ConfigError, loadConfig, type Config } from './config';
import { logger } from './logger';
import { startGateway } from './server';
import { SERVICE_NAMES } from './services';
import { liveServices, type UpstreamTargets } from './upstreams';
import { startSandbox, type Sandbox } from './sandbox';

/** `npm start`: the gateway, with the embedded sandbox for every upstream not configured. */
async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  const live = liveServices(config);
  const sandbox = Object.values(live).every(Boolean) ? undefined : await startSandbox();
  const targets = resolveTargets(config, sandbox);
  const gateway = await startGateway({
    host: config.host,
    port: config.port,
    upstreams: { targets, live, timeoutMs: config.upstreamTimeoutMs },
    exposeErrorDetails: config.exposeErrorDetails,
  });

  console.log(`loccode-graph is serving GraphQL at ${gateway.url}`);
  for (const service of SERVICE_NAMES) {
    console.log(`  ${service.padEnd(12)} ${live[service] ? 'live' : 'sandbox (simulated, embedded)'}`);
  }
  if (config.exposeErrorDetails)
    console.log('  EXPOSE_ERROR_DETAILS is on: unexpected errors show their messages and stacks.');

  const stop = (): void => {
    void gateway
      .close()
      .then(() => sandbox?.close())
      .then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

function resolveTargets(config: Config, sandbox: Sandbox | undefined): UpstreamTargets {
  const fromSandbox = (): Sandbox => {
    if (!sandbox) throw new Error('sandbox expected');
    return sandbox;
  };
  const { upstreams } = config;
  return {
    agriculture: upstreams.agriculture ?? {
      baseUrl: fromSandbox().urls.agriculture,
      apiKey: fromSandbox().keys.agriculture,
    },
    maps: upstreams.maps ?? {
      baseUrl: fromSandbox().urls.maps,
      hostUrl: fromSandbox().urls.mapHost,
      apiKey: fromSandbox().keys.maps,
    },
    healthcare: upstreams.healthcare ?? {
      baseUrl: fromSandbox().urls.healthcare,
      apiKey: fromSandbox().keys.healthcare,
    },
    address: upstreams.address ?? { baseUrl: fromSandbox().urls.address, apiKey: fromSandbox().keys.address },
  };
}

main().catch((error: unknown) => {
  const code = (error as NodeJS.ErrnoException).code;
  logger.error(
    code === 'EADDRINUSE' ? 'the port is already in use; set PORT to another one' : 'start-up failed',
    {
      error: error instanceof Error ? error.message : String(error),
    },
  );
  process.exit(1);
});

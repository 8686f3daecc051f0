import { DEFAULT_SANDBOX_PORTS, startSandbox } from '.';
import { SERVICE_NAMES, type ServiceName } from './kit/types';

/** `npm run sandbox`: the four upstreams on fixed ports (SANDBOX_<SERVICE>_PORT overrides each). */
async function main(): Promise<void> {
  const ports = {} as Record<ServiceName, number>;
  for (const name of SERVICE_NAMES) {
    const variable = `SANDBOX_${name.toUpperCase()}_PORT`;
    const raw = process.env[variable];
    const port = raw === undefined ? DEFAULT_SANDBOX_PORTS[name] : Number(raw);
    if (!Number.isInteger(port) || port < 0 || port > 65535) {
      console.error(`${variable} must be a port number (0 to 65535), got "${raw}".`);
      process.exit(1);
    }
    ports[name] = port;
  }
  const sandbox = await startSandbox({ host: process.env.SANDBOX_HOST ?? '127.0.0.1', ports });
  const { urls, keys } = sandbox;
  console.log(
    [
      'Sandbox upstreams are up (simulated; see src/sandbox/README.md).',
      '',
      `  agriculture  AGRI_BASE_URL=${urls.agriculture}      AGRI_API_KEY=${keys.agriculture}`,
      `  maps         MAP_API_BASE_URL=${urls.maps}   MAP_HOST_URL=${urls.mapHost}   MAP_API_KEY=${keys.maps}`,
      `  healthcare   HEALTH_BASE_URL=${urls.healthcare}    HEALTH_API_KEY=${keys.healthcare}`,
      `  address      ADDRESS_BASE_URL=${urls.address}  ADDRESS_API_KEY=${keys.address}`,
      '',
      `Try: curl -H 'Authorization: Bearer ${keys.agriculture}' '${urls.agriculture}/api/v1/data/climate/by-loccode?loccode=KN3A%207QP'`,
      `Controls (latency, faults, request log) on any of the ports: ${urls.agriculture}/__sandbox/requests`,
    ].join('\n'),
  );
  const stop = (): void => {
    void sandbox.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  const code = (error as NodeJS.ErrnoException).code;
  console.error(
    code === 'EADDRINUSE'
      ? `A sandbox port is already in use (${(error as Error).message}); set SANDBOX_<SERVICE>_PORT to another port.`
      : `The sandbox could not start: ${(error as Error).message}`,
  );
  process.exit(1);
});

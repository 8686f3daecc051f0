/**
 * Where the gateway is and which key to send. The build fixes a default
 * (`VITE_GATEWAY_URL`, `VITE_GATEWAY_KEY`); `?gateway=` in the page's address overrides the
 * URL, so one build serves any gateway (the browser test's is on a free port), and the
 * form's key field overrides the key.
 */
export interface Settings {
  /** The gateway's origin, e.g. `http://localhost:4000`, without a trailing slash. */
  gatewayUrl: string;
  /** A gateway key (README, Access), or undefined for a gateway open to callers without one. */
  key: string | undefined;
}

export function readSettings(search: string, typedKey: string): Settings {
  const gatewayUrl =
    new URLSearchParams(search).get('gateway') || import.meta.env.VITE_GATEWAY_URL || 'http://localhost:4000';
  const key = typedKey.trim() || import.meta.env.VITE_GATEWAY_KEY || undefined;
  return { gatewayUrl: gatewayUrl.replace(/\/+$/, ''), key };
}

/** The headers that identify the caller to the gateway, on /graphql and /maps/ alike. */
export function authHeaders(settings: Settings): Record<string, string> {
  return settings.key ? { authorization: `Bearer ${settings.key}` } : {};
}

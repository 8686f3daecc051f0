import { timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { AuthResult, Reply, SandboxRequest } from './types';

/** The token of an `Authorization: Bearer <token>` header, if that is what was sent. */
export function bearerToken(headers: IncomingHttpHeaders): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(headers.authorization ?? '');
  return match?.[1];
}

/** The name of the key that equals `presented`, compared in constant time. */
export function findKey(presented: string | undefined, keys: Record<string, string>): string | undefined {
  if (presented === undefined) return undefined;
  const given = Buffer.from(presented);
  for (const [name, key] of Object.entries(keys)) {
    const expected = Buffer.from(key);
    if (expected.length === given.length && timingSafeEqual(expected, given)) return name;
  }
  return undefined;
}

/**
 * `Authorization: Bearer <key>` authentication (the agriculture, healthcare and address specs):
 * the name of the key sent, or the 401 reply `refuse` words for a key missing or not known.
 */
export function bearerAuthentication(
  keys: Record<string, string>,
  refuse: (keySent: boolean) => Reply,
): (req: Omit<SandboxRequest, 'keyName'>) => AuthResult | Reply {
  return (req) => {
    const token = bearerToken(req.headers);
    const keyName = findKey(token, keys);
    return keyName ? { keyName } : refuse(token !== undefined);
  };
}

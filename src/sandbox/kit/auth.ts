import { timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

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

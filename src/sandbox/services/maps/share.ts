import { createHash } from 'node:crypto';

/**
 * Share links point at a reserved `.invalid` host: production host names are not shown
 * in the spec, and a fixed host keeps bodies identical whatever port the sandbox got.
 */
const SHARE_ORIGIN = 'https://maps.sandbox.invalid/share';

export function shareUrl(kind: 'route' | 'place', canonicalInput: string): string {
  const digest = createHash('sha256').update(`${kind}\n${canonicalInput}`).digest('hex');
  return `${SHARE_ORIGIN}/${kind}/${digest.slice(0, 16)}`;
}

import { badUserInput } from './errors';

/** Relay global ids: base64 of `Type:key`, opaque to clients. */
export function toGlobalId(type: string, key: string): string {
  return Buffer.from(`${type}:${key}`, 'utf8').toString('base64');
}

export function fromGlobalId(id: string): { type: string; key: string } {
  const decoded = Buffer.from(id, 'base64').toString('utf8');
  const separator = decoded.indexOf(':');
  if (separator <= 0 || toGlobalId(decoded.slice(0, separator), decoded.slice(separator + 1)) !== id) {
    throw badUserInput(
      `"${id}" is not a global id of this graph; use the \`id\` field of an object as it was returned.`,
      'id',
    );
  }
  return { type: decoded.slice(0, separator), key: decoded.slice(separator + 1) };
}

import { UpstreamError } from './errors';
import type { ServiceName } from './services';

/*
 * A member a service sent that the graph cannot read (src/upstream/wire.ts `lenient`). It
 * does not fail its answer: the mapping carries it to the model, and the field that shows it
 * answers null with UPSTREAM_BAD_RESPONSE at its own path (resolvers/unreadable.ts). Plain
 * JSON: cached bodies travel between replicas and workers as JSON.
 */

/** The member's name as the service spells it, and what it should have been. */
export interface Unreadable {
  readonly $unreadable: { service: ServiceName; member: string; expected: string };
}

/** A member as read: its value, or the marker saying it could not be read. */
export type Readable<T> = T | Unreadable;

export function isUnreadable(value: unknown): value is Unreadable {
  return typeof value === 'object' && value !== null && '$unreadable' in value;
}

/** `read` applied to a value that was read; null and the marker pass through. */
export function mapReadable<T, U>(value: Readable<T | null>, read: (value: T) => U): Readable<U | null> {
  if (value === null) return null;
  if (isUnreadable(value)) return value;
  return read(value as T);
}

/** The first marker among `values`, if any: a value made of several members is unreadable with any of them. */
export function firstUnreadable(...values: unknown[]): Unreadable | undefined {
  return values.find(isUnreadable);
}

/**
 * The client's error for a marked field. It names the member and what was expected, never the
 * value sent: that could hold anything.
 */
export function unreadableError({ $unreadable: { service, member, expected } }: Unreadable): UpstreamError {
  return new UpstreamError(
    service,
    'UPSTREAM_BAD_RESPONSE',
    `The ${service} service sent an unreadable \`${member}\` (expected ${expected}), so this field is null; the rest of the answer is as the service sent it.`,
  );
}

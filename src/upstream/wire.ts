import { z } from 'zod';
import type { ServiceName } from '../kernel/services';
import type { Readable } from '../kernel/unreadable';
import { logger } from '../observability/logger';

/**
 * Several members of a wire object that share one schema, by name: `{ ...members(text,
 * 'city', 'state') }`. Upstream objects list many members of one kind; naming them once
 * each keeps a schema readable against its spec.
 */
export function members<Name extends string, Schema extends z.ZodType>(
  schema: Schema,
  ...names: Name[]
): Record<Name, Schema> {
  return Object.fromEntries(names.map((name) => [name, schema])) as Record<Name, Schema>;
}

/*
 * The rule for what a spec does not pin down (docs/CONFORMANCE.md, "Reading what the services
 * send"): such a member is read leniently, and a member that still cannot be read does not fail
 * its answer: it becomes an Unreadable marker (src/kernel/unreadable.ts).
 */

/** One member's reader: given the member's name, its schema. */
export type MemberReader<T> = (member: string) => z.ZodType<Readable<T>>;

/**
 * A member read with `schema` (which takes absent and null as null), or, when it does not
 * match, the marker naming the member and `expected` (what it should have been, for the
 * client's message). The value itself is never kept: it could carry anything.
 */
export function lenient<T>(service: ServiceName, schema: z.ZodType<T>, expected: string): MemberReader<T> {
  return (member) =>
    z
      .unknown()
      .optional()
      .transform((value): Readable<T> => {
        const read = schema.safeParse(value);
        if (read.success) return read.data;
        logger.warn('upstream member unreadable', { service, member, expected });
        return { $unreadable: { service, member, expected } };
      });
}

/** Several members read by one reader, by name: `{ ...each(number, 'latitude', 'longitude') }`. */
export function each<Name extends string, T>(
  reader: MemberReader<T>,
  ...names: Name[]
): Record<Name, z.ZodType<Readable<T>>> {
  return Object.fromEntries(names.map((name) => [name, reader(name)])) as Record<
    Name,
    z.ZodType<Readable<T>>
  >;
}

/** Absent and null read as null. */
function orNull<T extends z.ZodType>(schema: T) {
  return schema.nullish().transform((value): z.output<T> | null => value ?? null);
}

const NUMERIC_TEXT = /^\s*[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?\s*$/;

/** A number, or a number written as text (`"120"`): for members whose type a spec does not show. */
const looseNumber = z.union([
  z.number(),
  z
    .string()
    .regex(NUMERIC_TEXT)
    .transform((text) => Number(text)),
]);

/**
 * ISO 8601 date and time in the extended form, seconds and fraction optional, offset optional
 * (`Z`, `+01:00`, `+0100`, `+01`).
 */
const ISO_8601 =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?(Z|[+-]\d{2}(?::?\d{2})?)?$/;

/** Nigeria's time, West Africa Time: a time without an offset is taken to be in it. */
export const NIGERIA_OFFSET = '+01:00';

/**
 * An ISO 8601 date-time as the graph's `DateTime`: the text as sent when it has an offset in
 * the `±hh:mm` form or `Z`, else with the offset written so (WAT when there was none).
 * Undefined when it is not one, or names a date that does not exist (`2025-02-30`).
 */
export function isoInstant(text: string): string | undefined {
  const match = ISO_8601.exec(text);
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second = '00', fraction, given] = match;
  const offset = given === undefined ? NIGERIA_OFFSET : normalOffset(given);
  const time = `${hour}:${minute}:${second}${fraction ? `.${fraction}` : ''}`;
  const written = `${year}-${month}-${day}T${time}${offset}`;
  const ms = Date.parse(written);
  if (Number.isNaN(ms) || !sameCalendarDay(ms, offset, `${year}-${month}-${day}`)) return undefined;
  return given !== undefined && given === offset ? text : written;
}

function normalOffset(offset: string): string {
  if (offset === 'Z') return offset;
  const digits = offset.slice(1).replace(':', '');
  return `${offset[0]}${digits.slice(0, 2)}:${digits.slice(2, 4) || '00'}`;
}

/** Date.parse rolls some impossible dates over (Feb 30 to Mar 2): the day must come back as written. */
function sameCalendarDay(ms: number, offset: string, date: string): boolean {
  const minutes =
    offset === 'Z'
      ? 0
      : (offset[0] === '-' ? -1 : 1) * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6)));
  return new Date(ms + minutes * 60_000).toISOString().slice(0, 10) === date;
}

/** A case-insensitive closed set: `"High"` reads as `high` (folding case is unambiguous). */
function closedSet<const V extends string>(values: readonly [V, ...V[]]) {
  const byFolded = new Map(values.map((value) => [value.toLowerCase(), value]));
  return z.string().transform((text, context): V => {
    const value = byFolded.get(text.trim().toLowerCase());
    if (value === undefined) {
      context.addIssue({ code: 'custom', message: 'not in the set' });
      return z.NEVER;
    }
    return value;
  });
}

/**
 * The member readers of one service, each taking absent and null as null. `number`, `text`
 * and `boolean` are for members whose spec gives the type; `looseNumber`, `looseInteger` and
 * `looseText` for members whose type it does not show.
 */
export function memberReaders(service: ServiceName) {
  return {
    text: lenient(service, orNull(z.string()), 'text'),
    number: lenient(service, orNull(z.number()), 'a number'),
    integer: lenient(service, orNull(z.number().int()), 'a whole number'),
    boolean: lenient(service, orNull(z.boolean()), 'true or false'),
    looseNumber: lenient(service, orNull(looseNumber), 'a number'),
    looseInteger: lenient(service, orNull(looseNumber.pipe(z.number().int())), 'a whole number'),
    /** Text, or a number taken as its text (a phone number sent as a number). */
    looseText: lenient(service, orNull(z.union([z.string(), z.number().transform(String)])), 'text'),
    instant: lenient(
      service,
      orNull(
        z.string().transform((text, context) => {
          const instant = isoInstant(text);
          if (instant === undefined) context.addIssue({ code: 'custom', message: 'not ISO 8601' });
          return instant ?? z.NEVER;
        }),
      ),
      'an ISO 8601 date and time',
    ),
    /** An object the answer does not depend on: one that is not an object is that member's error. */
    object: <T>(schema: z.ZodType<T>) => lenient(service, orNull(schema), 'an object'),
    oneOf: <const V extends string>(values: readonly [V, ...V[]]) =>
      lenient(service, orNull(closedSet(values)), `one of ${values.join(', ')}`),
  };
}

/**
 * Variant switches: where a specification is silent or allows more than one form, the
 * sandbox answers in the form chosen here. The defaults are the sandbox's everyday
 * answers; every other value is an equally faithful reading of the same specification,
 * so a client that depends on one reading the spec does not back fails a test.
 */
export interface Variants {
  /**
   * ISO 8601 members (agriculture `event_timestamp`, healthcare `generated_at`):
   * `utc-millis` `2026-07-15T10:00:00.000Z`, `utc` `2026-07-15T10:00:00Z`,
   * `offset` `2026-07-15T11:00:00+01:00`, `local` `2026-07-15T11:00:00` (Nigerian
   * local time, no offset), `local-micros` `2026-07-15T11:00:00.000000`.
   */
  timestamps: TimestampForm;
  /** Healthcare `beds_capacity` and `wait_time_estimate_minutes` ("null in all seen records", type not shown). */
  unknownNumbers: 'null' | 'number' | 'string';
  /** Healthcare `phone`, whose non-null type the spec's summary leaves "not shown": a string, or digits as a number. */
  phones: 'string' | 'number';
  /** An unknown member in every object of every success body (maps REST, agriculture, healthcare, address). */
  extraMembers: boolean;
  /** Members the specs call optional, or whose presence is "not shown", left out. */
  optionalMembers: 'present' | 'missing';
  /** Maps `routes[]` entries after the first: alternative routes, 0 by default. */
  alternativeRoutes: number;
  /**
   * OpenStreetMap ids in answers (`osm_id`): `upper` `N123`, or `lower` `n123` (the case of the
   * spec's `osm_type`). With `lower` the service also takes only lower case on input; with
   * `upper` it takes either case.
   */
  osmIds: 'upper' | 'lower';
  /** Echoed loccodes that may be "shown in a different display form": `display` (`KN3A-7QP`) or `as-sent`. */
  loccodeEcho: 'display' | 'as-sent';
}

export type TimestampForm = 'utc-millis' | 'utc' | 'offset' | 'local' | 'local-micros';

export const TIMESTAMP_FORMS: readonly TimestampForm[] = [
  'utc-millis',
  'utc',
  'offset',
  'local',
  'local-micros',
];

export const DEFAULT_VARIANTS: Readonly<Variants> = Object.freeze({
  timestamps: 'utc-millis',
  unknownNumbers: 'null',
  phones: 'string',
  extraMembers: false,
  optionalMembers: 'present',
  alternativeRoutes: 0,
  osmIds: 'upper',
  loccodeEcho: 'display',
});

/** The name and value of the member the `extraMembers` variant adds. */
export const EXTRA_MEMBER = { name: 'x_sandbox_extra', value: 'an additive member clients must ignore' };

/** Nigeria keeps West Africa Time (UTC+1) all year. */
const WAT_OFFSET_MS = 3_600_000;

/** The instant in the chosen ISO 8601 form; local forms are Nigerian local time (WAT). */
export function isoTimestamp(at: Date, form: TimestampForm): string {
  const utc = at.toISOString();
  const local = new Date(at.getTime() + WAT_OFFSET_MS).toISOString().slice(0, 19);
  switch (form) {
    case 'utc-millis':
      return utc;
    case 'utc':
      return `${utc.slice(0, 19)}Z`;
    case 'offset':
      return `${local}+01:00`;
    case 'local':
      return local;
    case 'local-micros':
      return `${local}.${String(at.getUTCMilliseconds()).padStart(3, '0')}000`;
  }
}

/**
 * A copy of `body` with {@link EXTRA_MEMBER} in every object, at every depth, except
 * inside the objects named in `keyedMaps` (objects whose members the spec types all alike,
 * "each {...}": an extra member there would be one more entry, not an ignorable key).
 */
export function withExtraMembers(body: unknown, keyedMaps: ReadonlySet<string>): unknown {
  if (Array.isArray(body)) return body.map((item) => withExtraMembers(item, keyedMaps));
  if (typeof body !== 'object' || body === null || Buffer.isBuffer(body)) return body;
  const copy: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(body)) {
    copy[name] = keyedMaps.has(name)
      ? keyedMapWithExtras(value, keyedMaps)
      : withExtraMembers(value, keyedMaps);
  }
  copy[EXTRA_MEMBER.name] = EXTRA_MEMBER.value;
  return copy;
}

/** The entries of a keyed map keep their own extra members; the map itself gets none. */
function keyedMapWithExtras(value: unknown, keyedMaps: ReadonlySet<string>): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([name, entry]) => [name, withExtraMembers(entry, keyedMaps)]),
  );
}

/** Checks a partial set of variants from outside (the control endpoint); returns the problems. */
export function variantProblems(input: Record<string, unknown>): string[] {
  const problems: string[] = [];
  const oneOf = (name: keyof Variants, allowed: readonly unknown[]) => {
    if (input[name] !== undefined && !allowed.includes(input[name])) {
      problems.push(`${name} must be one of ${allowed.join(', ')}`);
    }
  };
  oneOf('timestamps', TIMESTAMP_FORMS);
  oneOf('unknownNumbers', ['null', 'number', 'string']);
  oneOf('phones', ['string', 'number']);
  oneOf('extraMembers', [true, false]);
  oneOf('optionalMembers', ['present', 'missing']);
  oneOf('osmIds', ['upper', 'lower']);
  oneOf('loccodeEcho', ['display', 'as-sent']);
  const routes = input.alternativeRoutes;
  if (
    routes !== undefined &&
    !(Number.isInteger(routes) && (routes as number) >= 0 && (routes as number) <= 3)
  ) {
    problems.push('alternativeRoutes must be an integer from 0 to 3');
  }
  const known = new Set(Object.keys(DEFAULT_VARIANTS));
  for (const name of Object.keys(input)) if (!known.has(name)) problems.push(`unknown variant ${name}`);
  return problems;
}

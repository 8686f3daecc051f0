import { badUserInput } from '../../src/kernel/errors';
import type { Point } from '../../src/kernel/point';
import type { CoordinatesInput } from '../../src/graph/generated/graphql';

/**
 * A full or partial street name (spec B, /street: required): not blank, sent as
 * given. The spec shows no length bound; the service answers any other name.
 */
export function streetName(name: string): string {
  if (name.trim() === '') {
    throw badUserInput('"streetName" must not be blank; give a full or partial street name.', 'streetName');
  }
  return name;
}

/** WGS-84 decimal degrees in range (spec B: latitude and longitude required). */
export function position({ latitude, longitude }: CoordinatesInput): Point {
  if (!(Math.abs(latitude) <= 90)) {
    throw badUserInput(`"location.latitude" must be from -90 to 90 degrees; got ${latitude}.`, 'location');
  }
  if (!(Math.abs(longitude) <= 180)) {
    throw badUserInput(
      `"location.longitude" must be from -180 to 180 degrees; got ${longitude}.`,
      'location',
    );
  }
  return { latitude, longitude };
}

import { destinationPoint, isInNigeria, roundPoint } from '../geo/point';
import { lgaNamesByState } from './lgas';
import { Random } from './random';
import { STATE_ROWS, type TownRow } from './states-table';
import type { Lga, State, Town } from './types';

/** States with every LGA placed: at its real town where the table has one, otherwise inside the state. */
export function buildStates(): State[] {
  const lgaNames = lgaNamesByState();
  return STATE_ROWS.map((row) => {
    const names = lgaNames.get(row.name);
    if (!names) throw new Error(`no LGA list for ${row.name}`);
    const towns = row.towns.map((t) => toTown(row.name, names, t));
    const random = new Random(`lgas:${row.name}`);
    const lgas: Lga[] = names.map((name) => ({
      name,
      state: row.name,
      town: towns.find((t) => t.lga === name) ?? placeTown(name, towns, row.spreadKm, random),
    }));
    const { name, code2, code3, zone, ecoZone, postcode } = row;
    return { name, code2, code3, zone, ecoZone, postcode, capital: towns[0]!, lgas };
  });
}

function toTown(state: string, lgaNames: string[], [name, lga, latitude, longitude]: TownRow): Town {
  if (!lgaNames.includes(lga)) throw new Error(`${name}: ${lga} is not an LGA of ${state}`);
  return { name, lga, point: { latitude, longitude } };
}

/** An LGA headquarters without a coordinate in the table: near one of the state's real towns. */
function placeTown(lga: string, towns: Town[], spreadKm: number, random: Random): Town {
  for (;;) {
    const anchor = random.pick(towns);
    const point = destinationPoint(
      anchor.point,
      random.between(0, 360),
      random.between(0.25, 1) * spreadKm * 1000,
    );
    if (isInNigeria(point)) return { name: lga, lga, point: roundPoint(point) };
  }
}

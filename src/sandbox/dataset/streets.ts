import {
  destinationPoint,
  distanceMeters,
  pathLengthMeters,
  round,
  roundPoint,
  type Point,
} from '../geo/point';
import { Random } from './random';
import type { Area, HighwayType, Lga, State, Street } from './types';

const STREETS_PER_STATE = 9;

const STREET_NAMES = [
  'Awolowo Road',
  'Ahmadu Bello Way',
  'Murtala Muhammed Way',
  'Nnamdi Azikiwe Street',
  'Herbert Macaulay Way',
  'Tafawa Balewa Road',
  'Aminu Kano Crescent',
  'Sardauna Crescent',
  'Zik Avenue',
  'Airport Road',
  'Stadium Road',
  'Hospital Road',
  'Market Road',
  'Station Road',
  'Club Road',
  'Ring Road',
  'Bank Road',
  'Post Office Road',
  'Emir Palace Road',
  'Secretariat Road',
  'Broad Street',
  'Yakubu Gowon Way',
  'Isaac Boro Street',
  'Obafemi Awolowo Way',
  'Aguiyi Ironsi Street',
  'Funmilayo Ransome-Kuti Road',
  'Gidado Road',
  'Waziri Ibrahim Crescent',
  'Unity Road',
  'Independence Avenue',
  'Old Lagos Road',
  'New Market Road',
  'Prison Road',
  'Court Road',
  'Polytechnic Road',
  'Mission Road',
  'Church Street',
  'Mosque Road',
  'Railway Crescent',
  'Okpara Avenue',
  'Ojukwu Street',
  'Sultan Abubakar Road',
  'Balarabe Musa Crescent',
  'Adeniran Ogunsanya Street',
  'Ikwerre Road',
  'Aba Road',
  'Olusegun Obasanjo Way',
  'Dan Fodio Road',
  'Mallam Aminu Road',
  'Queen Amina Way',
];

const DISTRICTS = [
  'GRA',
  'Old Town',
  'New Layout',
  'Central Area',
  'Housing Estate',
  'Low Cost',
  'Market Area',
  'Industrial Layout',
];
const NORTHERN_DISTRICTS = ['Sabon Gari', 'Tudun Wada', 'Unguwar Rimi', 'Fagge Quarters'];
const HIGHWAY_TYPES: HighwayType[] = [
  'trunk',
  'primary',
  'primary',
  'secondary',
  'secondary',
  'tertiary',
  'tertiary',
  'residential',
  'residential',
  'residential',
];
const ALPHANUMERIC = 'ABCDEFGHJKLMNPQRSTUVWXYZ';

/** The code the docs use as their example is a real street of Kano's capital LGA. */
const FIXED_FIRST_CODES: Record<string, string> = { Kano: 'KN3A 7QP' };

/** Street loccodes (`XXXX XXX`): nine a state, three in the capital's LGA, the rest in its other LGAs. */
export function buildStreets(states: State[]): Street[] {
  const usedCodes = new Set<string>();
  const streets: Street[] = [];
  for (const state of states) {
    const random = new Random(`streets:${state.name}`);
    const capitalLga = state.lgas.find((l) => l.name === state.capital.lga)!;
    const otherLgas = random.sample(
      state.lgas.filter((l) => l !== capitalLga),
      STREETS_PER_STATE - 3,
    );
    const usedNames = new Set<string>();
    [capitalLga, capitalLga, capitalLga, ...otherLgas].forEach((lga, index) => {
      const name = uniqueName(random, usedNames);
      const generated = uniqueCode(state, random, usedCodes);
      const code = (index === 0 && FIXED_FIRST_CODES[state.name]) || generated;
      usedCodes.add(code);
      streets.push(buildStreet(state, lga, name, code, random));
    });
  }
  return streets;
}

/** Area loccodes (`AAA 999999`, three letters and the capital's postcode): one a state. */
export function buildAreas(states: State[]): Area[] {
  return states.map((state) => ({
    kind: 'area',
    code: `${state.code3} ${state.postcode}`,
    state: state.name,
    lga: state.capital.lga,
    city: state.capital.name,
    point: state.capital.point,
    zone: state.zone,
    ecoZone: state.ecoZone,
  }));
}

function buildStreet(state: State, lga: Lga, name: string, code: string, random: Random): Street {
  const start = destinationPoint(lga.town.point, random.between(0, 360), random.between(100, 2500));
  const geometry = [start];
  let bearing = random.between(0, 360);
  const segments = random.int(3, 6);
  for (let i = 0; i < segments; i++) {
    bearing += random.between(-25, 25);
    geometry.push(destinationPoint(geometry[geometry.length - 1]!, bearing, random.between(90, 420)));
  }
  const rounded = geometry.map(roundPoint);
  const northern = state.zone.startsWith('north');
  return {
    kind: 'street',
    code,
    key: code.replace(' ', ''),
    name,
    highwayType: random.pick(HIGHWAY_TYPES),
    state: state.name,
    lga: lga.name,
    city: lga.town.name,
    district: random.pick(northern ? [...DISTRICTS, ...NORTHERN_DISTRICTS] : DISTRICTS),
    point: roundPoint(midpoint(rounded)),
    geometry: rounded,
    lengthMeters: round(pathLengthMeters(rounded), 1),
    osmWayId: random.int(20_000_000, 990_000_000),
    houseNumbers: houseNumbers(random),
    zone: state.zone,
    ecoZone: state.ecoZone,
  };
}

/** The point halfway along the line (the spec's representative_point). */
export function midpoint(line: readonly Point[]): Point {
  const half = pathLengthMeters(line) / 2;
  let walked = 0;
  for (let i = 1; i < line.length; i++) {
    const a = line[i - 1]!;
    const b = line[i]!;
    const step = distanceMeters(a, b);
    if (walked + step >= half) {
      const t = step === 0 ? 0 : (half - walked) / step;
      return {
        latitude: a.latitude + (b.latitude - a.latitude) * t,
        longitude: a.longitude + (b.longitude - a.longitude) * t,
      };
    }
    walked += step;
  }
  return line[line.length - 1]!;
}

function uniqueName(random: Random, used: Set<string>): string {
  for (;;) {
    const name = random.pick(STREET_NAMES);
    if (!used.has(name)) {
      used.add(name);
      return name;
    }
  }
}

/** `KN3A 7QP`: the state's two letters, a digit and a letter; a space; a digit and two letters. */
function uniqueCode(state: State, random: Random, used: Set<string>): string {
  for (;;) {
    const letter = (): string => random.pick([...ALPHANUMERIC]);
    const code = `${state.code2}${random.int(1, 9)}${letter()} ${random.int(1, 9)}${letter()}${letter()}`;
    if (!used.has(code)) {
      used.add(code);
      return code;
    }
  }
}

function houseNumbers(random: Random): number[] {
  const count = random.int(3, 10);
  const numbers = new Set<number>();
  while (numbers.size < count) numbers.add(random.int(1, 120));
  return [...numbers].sort((a, b) => a - b);
}

import { destinationPoint, roundPoint } from '../geo/point';
import { Random } from './random';
import type { Facility, FacilityLevel, Lga, State } from './types';

const TERTIARY_SPECIALTIES = [
  'Cardiology',
  'Obstetrics and Gynaecology',
  'Paediatrics',
  'Orthopaedics',
  'General Surgery',
  'Internal Medicine',
  'Ophthalmology',
  'Psychiatry',
  'Neurology',
  'Oncology',
  'Nephrology',
  'Otorhinolaryngology',
  'Dermatology',
  'Emergency Medicine',
  'Urology',
  'Endocrinology',
];
const SECONDARY_CORE = ['General Medicine', 'General Surgery', 'Obstetrics and Gynaecology', 'Paediatrics'];
const SECONDARY_EXTRA = [
  'Emergency Medicine',
  'Orthopaedics',
  'Ophthalmology',
  'Cardiology',
  'Dental Surgery',
  'Psychiatry',
];
const PRIMARY_SPECIALTIES = [
  'General Practice',
  'Maternal and Child Health',
  'Immunisation',
  'Family Planning',
];
const INSURANCE_PLANS = [
  'NHIA',
  'Hygeia HMO',
  'AXA Mansard Health',
  'Reliance HMO',
  'Leadway Health',
  'Avon HMO',
];
const FAITH_NAMES = [
  "St. Luke's Hospital",
  'Our Lady of Fatima Hospital',
  'Baptist Medical Centre',
  'ECWA Hospital',
  'Methodist Hospital',
  'Catholic Maternity Clinic',
];
const PRIVATE_NAMES = [
  'Crestview Specialist Hospital',
  'Goodhealth Clinic',
  'Lifeline Medical Centre',
  'Mercy Specialist Hospital',
  'Harmony Clinic',
  'Divine Touch Hospital',
];

const OWNERSHIP_DIGIT: Record<Facility['ownership'], number> = {
  Public: 1,
  Private: 2,
  'Faith-based': 3,
  NGO: 4,
};
const LEVEL_DIGIT: Record<FacilityLevel, number> = { Primary: 1, Secondary: 2, Tertiary: 3 };

interface Draft {
  name: string;
  category: string;
  ownership: Facility['ownership'];
  level: FacilityLevel;
  lga: Lga;
}

/** About sixteen facilities a state: teaching hospital or FMC, general hospitals, PHCs, private and mission. */
export function buildFacilities(states: State[]): Facility[] {
  return states.flatMap((state, stateIndex) => {
    const random = new Random(`facilities:${state.name}`);
    return drafts(state, random).map((draft, serial) => toFacility(state, stateIndex, draft, serial, random));
  });
}

function drafts(state: State, random: Random): Draft[] {
  const capitalLga = state.lgas.find((l) => l.name === state.capital.lga)!;
  const secondLga = random.pick(state.lgas.filter((l) => l !== capitalLga));
  const town = state.capital.name;
  const list: Draft[] = [
    {
      name: `${state.name === 'Federal Capital Territory' ? 'University of Abuja' : `${state.name} State University`} Teaching Hospital`,
      category: 'Teaching Hospital',
      ownership: 'Public',
      level: 'Tertiary',
      lga: capitalLga,
    },
    {
      name: `Federal Medical Centre, ${secondLga.town.name}`,
      category: 'Federal Medical Centre',
      ownership: 'Public',
      level: 'Tertiary',
      lga: secondLga,
    },
    {
      name: `${random.pick(PRIVATE_NAMES)}, ${town}`,
      category: 'Specialist Hospital',
      ownership: 'Private',
      level: 'Secondary',
      lga: capitalLga,
    },
    {
      name: `${random.pick(FAITH_NAMES)}, ${town}`,
      category: 'Mission Hospital',
      ownership: 'Faith-based',
      level: 'Secondary',
      lga: capitalLga,
    },
  ];
  for (const lga of random.sample(state.lgas, 4)) {
    list.push({
      name: `General Hospital ${lga.town.name}`,
      category: 'General Hospital',
      ownership: 'Public',
      level: 'Secondary',
      lga,
    });
  }
  for (const lga of random.sample(state.lgas, 8)) {
    list.push({
      name: `Primary Health Centre ${lga.town.name}`,
      category: 'Primary Health Centre',
      ownership: 'Public',
      level: 'Primary',
      lga,
    });
  }
  list.push({
    name: `${random.pick(['Family Care', 'Mother and Child', 'Community'])} Clinic, ${town}`,
    category: 'Clinic',
    ownership: random.pick(['Private', 'NGO']),
    level: 'Primary',
    lga: capitalLga,
  });
  return list;
}

function toFacility(
  state: State,
  stateIndex: number,
  draft: Draft,
  serial: number,
  random: Random,
): Facility {
  const lgaIndex = state.lgas.indexOf(draft.lga) + 1;
  const point = destinationPoint(draft.lga.town.point, random.between(0, 360), random.between(200, 4500));
  const level = draft.level;
  return {
    id: `${state.code2}-${String(serial + 1).padStart(3, '0')}`,
    name: draft.name,
    category: draft.category,
    ownership: draft.ownership,
    level,
    functionalStatus: random.chance(0.9) ? 'Functional' : 'Unknown',
    state: state.name,
    lga: draft.lga.name,
    ward: `${draft.lga.town.name} Ward ${random.int(1, 12)}`,
    address: `${random.pick(['Hospital Road', 'Health Centre Road', 'Market Road', 'Stadium Road'])}, ${draft.lga.town.name}, ${state.name} State`,
    nhfrCode: [
      pad(stateIndex + 1),
      pad(lgaIndex),
      OWNERSHIP_DIGIT[draft.ownership],
      LEVEL_DIGIT[level],
      1,
      String(serial + 1).padStart(4, '0'),
    ].join('/'),
    point: roundPoint(point),
    specialties: specialties(level, random),
    accreditations: accreditations(level, random),
    emergencyServices: level === 'Primary' ? random.chance(0.2) : random.chance(0.9),
    insurancePlans: random
      .sample(INSURANCE_PLANS, level === 'Primary' ? random.int(1, 2) : random.int(2, 5))
      .sort(),
    phone: random.chance(0.8)
      ? `+234 ${random.pick(['803', '806', '813', '805', '807', '809'])} ${random.int(100, 999)} ${random.int(1000, 9999)}`
      : null,
    satisfaction: Math.round(random.between(0.55, 0.95) * 100) / 100,
  };
}

function specialties(level: FacilityLevel, random: Random): string[] {
  if (level === 'Tertiary')
    return random.sample(TERTIARY_SPECIALTIES, random.int(10, TERTIARY_SPECIALTIES.length)).sort();
  if (level === 'Secondary')
    return [...SECONDARY_CORE, ...random.sample(SECONDARY_EXTRA, random.int(1, 3))].sort();
  return random.sample(PRIMARY_SPECIALTIES, random.int(2, 4)).sort();
}

function accreditations(level: FacilityLevel, random: Random): Facility['accreditations'] {
  const list: Facility['accreditations'] = [];
  if (random.chance(level === 'Primary' ? 0.5 : 0.9)) list.push({ body: 'NHIA', status: 'active' });
  if (level !== 'Primary') list.push({ body: 'MDCN', status: 'active' });
  if (random.chance(0.3)) list.push({ body: 'State Ministry of Health', status: 'active' });
  return list;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

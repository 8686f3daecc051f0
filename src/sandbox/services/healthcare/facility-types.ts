import type { Facility } from '../../dataset/types';

/** The kinds of facility the access score and the heatmap look for. */
export const FACILITY_TYPES = {
  primary_care: (f: Facility) => f.level === 'Primary',
  secondary_care: (f: Facility) => f.level === 'Secondary',
  tertiary_care: (f: Facility) => f.level === 'Tertiary',
  emergency: (f: Facility) => f.emergencyServices,
  maternity: (f: Facility) =>
    /maternity/i.test(f.category) ||
    f.specialties.some((s) => /obstetric|gynae|maternity|maternal|midwif/i.test(s)),
} satisfies Record<string, (facility: Facility) => boolean>;

export const isHospital = (f: Facility): boolean => f.level !== 'Primary';

import { round } from '../../geo/point';

/**
 * Plain-language conditions to specialties, by keyword. A keyword matches a
 * whole word (plural allowed); one ending in `*` is a stem, so `pregnan*` finds
 * "pregnant" and "pregnancy" while `kid` does not find "kidney".
 */
interface SpecialtyRule {
  specialty: string;
  /** Confidence when one keyword matches; each further keyword adds {@link EXTRA_KEYWORD_CONFIDENCE}. */
  confidence: number;
  keywords: string[];
}

export const GENERAL_MEDICINE = 'General Medicine';
/** Confidence of the General Medicine fallback when no keyword matches. */
export const FALLBACK_CONFIDENCE = 0.3;
const EXTRA_KEYWORD_CONFIDENCE = 0.05;
const MAX_CONFIDENCE = 0.97;

/** Specialty names are those the facilities list. */
const RULES: SpecialtyRule[] = [
  {
    specialty: 'Cardiology',
    confidence: 0.88,
    keywords: ['chest pain', 'heart', 'palpitation*', 'cardiac', 'high blood pressure', 'hypertension'],
  },
  {
    specialty: 'Obstetrics and Gynaecology',
    confidence: 0.9,
    keywords: [
      'pregnan*',
      'antenatal',
      'labour',
      'miscarriage',
      'menstrua*',
      'period pain',
      'gyn*',
      'fertility',
      'womb',
    ],
  },
  {
    specialty: 'Maternal and Child Health',
    confidence: 0.65,
    keywords: ['pregnan*', 'antenatal', 'newborn', 'immunis*', 'vaccin*', 'breastfeed*'],
  },
  {
    specialty: 'Paediatrics',
    confidence: 0.86,
    keywords: ['child*', 'baby', 'babies', 'infant', 'toddler', 'newborn', 'kid'],
  },
  {
    specialty: 'Orthopaedics',
    confidence: 0.87,
    keywords: ['fractur*', 'broken', 'bone', 'joint', 'back pain', 'sprain', 'dislocat*'],
  },
  {
    specialty: 'Emergency Medicine',
    confidence: 0.85,
    keywords: ['accident', 'bleeding', 'unconscious', 'injur*', 'poison*', 'snake bite', 'collapse*'],
  },
  {
    specialty: 'Neurology',
    confidence: 0.8,
    keywords: ['seizure', 'stroke', 'epilep*', 'numbness', 'migraine', 'paralys*'],
  },
  {
    specialty: 'Ophthalmology',
    confidence: 0.88,
    keywords: ['eye', 'vision', 'blind*', 'cataract', 'glaucoma'],
  },
  {
    specialty: 'Otorhinolaryngology',
    confidence: 0.82,
    keywords: ['ear', 'nose', 'throat', 'sinus*', 'hearing', 'tonsil*'],
  },
  { specialty: 'Dermatology', confidence: 0.8, keywords: ['skin', 'rash', 'eczema', 'itch*', 'acne'] },
  {
    specialty: 'Psychiatry',
    confidence: 0.8,
    keywords: ['depress*', 'anxiety', 'mental', 'psychosis', 'suicid*', 'insomnia'],
  },
  {
    specialty: 'General Surgery',
    confidence: 0.75,
    keywords: ['appendic*', 'hernia', 'surgery', 'lump', 'wound', 'burn'],
  },
  { specialty: 'Endocrinology', confidence: 0.82, keywords: ['diabet*', 'blood sugar', 'thyroid', 'goitre'] },
  { specialty: 'Nephrology', confidence: 0.8, keywords: ['kidney', 'dialysis', 'renal'] },
  { specialty: 'Urology', confidence: 0.8, keywords: ['urin*', 'prostate', 'bladder'] },
  {
    specialty: 'Internal Medicine',
    confidence: 0.7,
    keywords: ['cough*', 'asthma', 'breath*', 'liver', 'ulcer', 'tuberculosis'],
  },
  {
    specialty: 'Dental Surgery',
    confidence: 0.9,
    keywords: ['tooth', 'toothache', 'teeth', 'dental', 'gum'],
  },
  { specialty: 'Oncology', confidence: 0.78, keywords: ['cancer', 'tumour', 'tumor'] },
  {
    specialty: GENERAL_MEDICINE,
    confidence: 0.6,
    keywords: ['fever*', 'malaria', 'typhoid', 'headache', 'vomit*', 'diarrh*', 'weak*'],
  },
];

export interface PredictedSpecialty {
  name: string;
  confidence: number;
}

/** The condition as the service reads it: trimmed, lower case, single spaces. */
export function interpretCondition(condition: string): string {
  return condition.trim().toLowerCase().replace(/\s+/g, ' ');
}

/** Specialties whose keywords appear in the interpreted condition, most confident first. */
export function predictSpecialties(interpreted: string): PredictedSpecialty[] {
  const predicted = RULES.flatMap(({ specialty, confidence, keywords }) => {
    const matched = keywords.filter((keyword) => keywordPattern(keyword).test(interpreted)).length;
    if (matched === 0) return [];
    const score = Math.min(MAX_CONFIDENCE, confidence + EXTRA_KEYWORD_CONFIDENCE * (matched - 1));
    return [{ name: specialty, confidence: round(score, 2) }];
  });
  if (predicted.length === 0) return [{ name: GENERAL_MEDICINE, confidence: FALLBACK_CONFIDENCE }];
  return predicted.sort((a, b) => b.confidence - a.confidence || a.name.localeCompare(b.name));
}

function keywordPattern(keyword: string): RegExp {
  const stem = keyword.endsWith('*');
  const word = stem ? keyword.slice(0, -1) : keyword;
  return new RegExp(`(^|[^a-z])${word}${stem ? '' : '(s|es)?([^a-z]|$)'}`);
}

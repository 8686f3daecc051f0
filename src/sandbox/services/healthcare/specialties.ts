import rules from './specialty-rules.json';
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

/** The rules (specialty-rules.json), most specific first, General Medicine last; names are those the facilities list. */
const RULES = rules as SpecialtyRule[];

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

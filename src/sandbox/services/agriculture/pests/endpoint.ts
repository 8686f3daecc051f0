import type { ServiceContext } from '../../../context';
import type { Locality } from '../../../dataset/types';
import type { Reply, SandboxRequest } from '../../../kit/types';
import type { Variants } from '../../../kit/variants';
import { readClimate, type ClimateReading } from '../climate/reading';
import { optionalPestCrop, type SubmittedCrop } from '../crop-parameter';
import { echoedLoccode, findLocality, isMissing, loccodeRequired, locationName } from '../loccodes';
import { activeConditions, conditionPhrase, NO_CONDITIONS_DETECTED } from './conditions';
import { assessCropRisk, recommendedAction } from './crop-risk';
import { pestOverview } from './overview';
import { pestLabel } from './types';

const DOMINANT_PESTS = 4;

const DATA_SOURCES =
  'IITA crop pest and disease fact sheets; FAO Fall Armyworm Monitoring and Early Warning System (FAMEWS); ' +
  'CABI Crop Protection Compendium; NiMet Seasonal Climate Prediction; NAERLS and NARI field surveys';

const TIP =
  "Add a crop to the request (for example &crop=maize) for that crop's risk level and management advice.";

/**
 * GET /monitoring/pests/by-loccode. Order of checks: loccode present (400 LOCCODE_REQUIRED),
 * then crop (400 CROP_REQUIRED / INVALID_CROP), then loccode registered (404 LOCCODE_NOT_FOUND).
 */
export function getPests(context: ServiceContext, req: SandboxRequest): Reply {
  const loccode = req.query.get('loccode');
  if (isMissing(loccode)) throw loccodeRequired(['loccode']);
  const crop = optionalPestCrop(req.query);
  const locality = findLocality(context.dataset.localityByCode, loccode, 'loccode');
  const reading = readClimate(locality, context.now());
  return {
    status: 200,
    body: crop
      ? cropProfile(locality, reading, crop, context.variants())
      : locationOverview(locality, reading, context.variants()),
  };
}

/** Spec "Pest profile, crop mode". */
function cropProfile(
  locality: Locality,
  reading: ClimateReading,
  { submitted, crop }: SubmittedCrop,
  variants: Readonly<Variants>,
): object {
  const risk = assessCropRisk(crop, locality.zone, activeConditions(reading));
  return {
    loccode: echoedLoccode(locality.code, variants),
    crop: submitted,
    location: locationName(locality),
    risk_level: risk.level,
    dominant_pests: risk.pests.slice(0, DOMINANT_PESTS).map(({ pest }) => pestLabel(pest)),
    climate_conditions_affecting_pests:
      risk.drivers.length > 0
        ? risk.drivers.map((condition) => conditionPhrase(condition, reading))
        : [NO_CONDITIONS_DETECTED],
    recommended_action: recommendedAction(risk),
  };
}

/** Spec "Pest overview, location mode". */
function locationOverview(locality: Locality, reading: ClimateReading, variants: Readonly<Variants>): object {
  const overview = pestOverview(locality, reading);
  return {
    loccode: echoedLoccode(locality.code, variants),
    location: locationName(locality),
    state: locality.state,
    zone: locality.zone,
    ...overview,
    data_sources: DATA_SOURCES,
    tip: TIP,
  };
}

import type { ServiceContext } from '../../../context';
import type { Reply, SandboxRequest } from '../../../kit/types';
import { readClimate } from '../climate/reading';
import { requiredYieldCrop } from '../crop-parameter';
import { echoedLoccode, findLocality, isMissing, loccodeRequired, locationName } from '../loccodes';
import { growingAdvice, seasonalNote } from './advice';
import { BAG_KG, LAND_SIZE_HA, predictYield, type YieldPrediction } from './prediction';

/** An extra key the spec does not list: clients must ignore unknown keys. */
const MODEL_VERSION = 'yield-gbm-2026.1';

/**
 * GET /predict/yield/by-loccode. Order of checks: loccode present (400 LOCCODE_REQUIRED),
 * then crop (400 CROP_REQUIRED / UNSUPPORTED_CROP), then loccode registered (404 LOCCODE_NOT_FOUND).
 */
export function getYield(context: ServiceContext, req: SandboxRequest): Reply {
  const loccode = req.query.get('loccode');
  if (isMissing(loccode)) throw loccodeRequired(['loccode']);
  const crop = requiredYieldCrop(req.query);
  const locality = findLocality(context.dataset.localityByCode, loccode, 'loccode');
  const at = context.now();
  const reading = readClimate(locality, at);
  const variants = context.variants();
  return {
    status: 200,
    body: {
      loccode: echoedLoccode(locality.code, variants),
      // Spec rule 4: lowercase whatever case was sent.
      crop,
      land_size_ha: LAND_SIZE_HA,
      location: locationName(locality),
      yield_prediction: yieldFigures(predictYield(crop, locality, at)),
      seasonal_note: seasonalNote(crop, locality, reading),
      growing_advice: growingAdvice(crop, locality),
      model_version: MODEL_VERSION,
    },
  };
}

/** Spec "yield_prediction". */
function yieldFigures(prediction: YieldPrediction): object {
  const bags = `${formatNumber(prediction.bags)} bags of ${BAG_KG} kg`;
  return {
    total_yield: `${bags} (${formatNumber(prediction.totalKg)} kg) from ${LAND_SIZE_HA.toFixed(1)} ha`,
    unit: `${BAG_KG}kg bag`,
    total_count: prediction.bags,
    total_kg: prediction.totalKg,
    total_tonnes: prediction.totalTonnes,
    per_hectare: `${prediction.tonnesPerHectare.toFixed(2)} tonnes per hectare (${bags})`,
    tonnes_per_hectare: prediction.tonnesPerHectare,
  };
}

/** 12,340 or 48.6: thousands separated, as printed on Nigerian extension sheets. */
function formatNumber(value: number): string {
  const [whole, fraction] = String(value).split('.');
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

import { roundPoint } from '../../../geo/point';
import type { ServiceContext } from '../../../context';
import type { Locality } from '../../../dataset/types';
import type { Reply, SandboxRequest } from '../../../kit/types';
import { isoTimestamp, type Variants } from '../../../kit/variants';
import { echoedLoccode, findLocality, isMissing, loccodeRequired } from '../loccodes';
import { jsonObjectFields } from '../request-body';
import { interpretClimate } from './interpretation';
import { readClimate } from './reading';

/** An extra top-level key the spec does not list: clients must ignore unknown keys. */
const DATA_VERSION = '2026.3';

/**
 * Get Climate, GET with `?loccode=` or POST with `{loccode}` (spec: accept both forms).
 * A POST may also carry the loccode in the query string when its body has none.
 */
export function getClimate(context: ServiceContext, req: SandboxRequest): Reply {
  const loccode =
    req.method === 'POST'
      ? (jsonObjectFields(req).loccode ?? req.query.get('loccode'))
      : req.query.get('loccode');
  if (isMissing(loccode)) throw loccodeRequired(['loccode']);
  const locality = findLocality(context.dataset.localityByCode, loccode, 'loccode');
  const record = climateRecord(locality, context.now(), context.variants());
  return {
    status: 200,
    // The top-level loccode echoes the request exactly; each record shows the display form.
    body: { loccode, climate_data: [record], data_version: DATA_VERSION },
  };
}

/** Spec "Climate record". */
function climateRecord(locality: Locality, at: Date, variants: Readonly<Variants>): object {
  const reading = readClimate(locality, at);
  const { latitude, longitude } = roundPoint(locality.point);
  return {
    loccode: echoedLoccode(locality.code, variants),
    state: locality.state,
    city: locality.city,
    latitude,
    longitude,
    temperature_2m: reading.airTemperatureC,
    relative_humidity_2m: reading.relativeHumidityPct,
    precipitation: reading.precipitationMm,
    soil_moisture_0_10cm: reading.soilMoistureTopsoil,
    soil_moisture_10_40cm: reading.soilMoistureSubsoil,
    soil_temperature_0cm: reading.soilTemperatureSurfaceC,
    soil_temperature_6cm: reading.soilTemperature6cmC,
    event_timestamp: isoTimestamp(at, variants.timestamps),
    farmer_interpretation: interpretClimate(reading),
  };
}

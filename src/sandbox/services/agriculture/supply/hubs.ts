import seaports from './seaports.json';
import { distanceMeters, type Point } from '../../../geo/point';
import type { Locality, State } from '../../../dataset/types';
import { stateLabel } from '../loccodes';

export type HubType = 'Port' | 'Market' | 'Warehouse';

export interface Hub {
  type: HubType;
  description: string;
}

interface Seaport {
  name: string;
  city: string;
  point: Point;
  /** `State/LGA` of the port area, for localities whose point lies away from the quays. */
  lgas: readonly string[];
}

/** Nigeria's cargo seaports (Nigerian Ports Authority), from seaports.json. */
const SEAPORTS = seaports as readonly Seaport[];

/** A destination this close to the quays delivers to the port (Ikeja to Apapa is 17 km). */
const PORT_REACH_M = 25_000;
/** A destination this close to the state capital delivers to the capital's wholesale market. */
const MARKET_REACH_M = 20_000;

/** Well-known wholesale food markets of state capitals; others get "<capital> Central Market". */
const CAPITAL_MARKETS: Readonly<Record<string, string>> = {
  Benue: 'Wurukum Market',
  Borno: 'Maiduguri Monday Market',
  Enugu: 'Ogbete Main Market',
  'Federal Capital Territory': 'Wuse Market',
  Kano: 'Dawanau International Grains Market',
  Oyo: 'Bodija Market',
  Plateau: 'Farin Gada Market',
};

/** The hub at the destination: a seaport, the state capital's market, or a local warehouse. */
export function destinationHub(destination: Locality, state: State): Hub {
  const port = portServing(destination);
  if (port) {
    return {
      type: 'Port',
      description: `${port.name}, ${port.city}: seaport with export terminals; produce for export needs NAQS phytosanitary certification before loading.`,
    };
  }
  const capital = state.capital;
  if (destination.lga === capital.lga || distanceMeters(capital.point, destination.point) <= MARKET_REACH_M) {
    const market = CAPITAL_MARKETS[state.name] ?? `${capital.name} Central Market`;
    return {
      type: 'Market',
      description: `${market}, ${capital.name}: wholesale produce market of ${stateLabel(state.name)}; traders buy by the bag, basket or tonne.`,
    };
  }
  return {
    type: 'Warehouse',
    description: `Aggregation warehouse in ${destination.city}, ${stateLabel(destination.state)}: dry storage for bagged produce, no cold chain; move perishables on to ${capital.name} the same day.`,
  };
}

/** The port of the destination's LGA, else the nearest port within reach. */
function portServing(destination: Locality): Seaport | undefined {
  const byLga = SEAPORTS.find((port) => port.lgas.includes(`${destination.state}/${destination.lga}`));
  if (byLga) return byLga;
  const nearest = [...SEAPORTS].sort(
    (a, b) => distanceMeters(a.point, destination.point) - distanceMeters(b.point, destination.point),
  )[0]!;
  return distanceMeters(nearest.point, destination.point) <= PORT_REACH_M ? nearest : undefined;
}

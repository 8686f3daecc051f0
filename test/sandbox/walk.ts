import type { Sandbox } from '../../src/sandbox';

export interface WalkStep {
  name: string;
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: unknown;
}

/** One good request to every endpoint of the four services. */
export function everyEndpoint(sandbox: Sandbox): WalkStep[] {
  const { urls, keys, dataset } = sandbox;
  const street = dataset.streetByCode.get('KN3A 7QP')!;
  const lagos = dataset.streets.find((s) => s.state === 'Lagos')!;
  const other = dataset.streets.find((s) => s.state === 'Kano' && s.lga !== street.lga)!;
  const area = dataset.areas[0]!;
  const code = encodeURIComponent(street.code);
  const { latitude, longitude } = street.point;
  const agri = { authorization: `Bearer ${keys.agriculture}`, 'content-type': 'application/json' };
  const maps = { 'x-api-key': keys.maps };
  const health = { authorization: `Bearer ${keys.healthcare}` };
  const address = { authorization: `Bearer ${keys.address}` };
  const a = `${urls.agriculture}/api/v1`;
  const m = `${urls.maps}/sdk/v1`;
  const h = `${urls.healthcare}/api/v1`;
  const place = dataset.places[0]!;
  return [
    {
      name: 'agri climate GET',
      method: 'GET',
      url: `${a}/data/climate/by-loccode?loccode=${code}`,
      headers: agri,
    },
    {
      name: 'agri climate POST',
      method: 'POST',
      url: `${a}/data/climate/by-loccode`,
      headers: agri,
      body: { loccode: street.code },
    },
    {
      name: 'agri climate area',
      method: 'GET',
      url: `${a}/data/climate/by-loccode?loccode=${encodeURIComponent(area.code)}`,
      headers: agri,
    },
    {
      name: 'agri pests overview',
      method: 'GET',
      url: `${a}/monitoring/pests/by-loccode?loccode=${code}`,
      headers: agri,
    },
    {
      name: 'agri pests profile',
      method: 'GET',
      url: `${a}/monitoring/pests/by-loccode?loccode=${code}&crop=maize`,
      headers: agri,
    },
    {
      name: 'agri yield',
      method: 'GET',
      url: `${a}/predict/yield/by-loccode?loccode=${code}&crop=Cassava`,
      headers: agri,
    },
    {
      name: 'agri supply',
      method: 'POST',
      url: `${a}/logistics/supply`,
      headers: agri,
      body: { origin_loccode: street.code, destination_loccode: lagos.code },
    },
    { name: 'maps resolve', method: 'GET', url: `${m}/loccode/${code}`, headers: maps },
    {
      name: 'maps nearest',
      method: 'GET',
      url: `${m}/loccodes/nearest?latitude=${latitude}&longitude=${longitude}`,
      headers: maps,
    },
    {
      name: 'maps reverse',
      method: 'GET',
      url: `${m}/reverse-geocode?latitude=${latitude}&longitude=${longitude}`,
      headers: maps,
    },
    {
      name: 'maps point details',
      method: 'GET',
      url: `${m}/point-details?latitude=${place.point.latitude}&longitude=${place.point.longitude}&search_name=Shop`,
      headers: maps,
    },
    {
      name: 'maps search',
      method: 'GET',
      url: `${m}/search?q=market&latitude=${latitude}&longitude=${longitude}`,
      headers: maps,
    },
    { name: 'maps categories', method: 'GET', url: `${m}/place-categories`, headers: maps },
    {
      name: 'maps route GET',
      method: 'GET',
      url: `${m}/route?origin_lat=${latitude}&origin_lng=${longitude}&dest_lat=${other.point.latitude}&dest_lng=${other.point.longitude}`,
      headers: maps,
    },
    {
      name: 'maps route POST',
      method: 'POST',
      url: `${m}/route`,
      headers: maps,
      body: {
        origin_loccode: street.code,
        dest_loccode: other.code,
        waypoints: [{ order: 1, latitude: 11.9, longitude: 8.5 }],
        mode: 'walk',
      },
    },
    {
      name: 'maps optimize',
      method: 'POST',
      url: `${m}/optimize`,
      headers: maps,
      body: {
        origin_loccode: street.code,
        dest_loccode: other.code,
        stops: dataset.streets
          .filter((s) => s.state === 'Kano')
          .slice(1, 6)
          .map((s, i) => ({ id: `s${i}`, loccode: s.code })),
      },
    },
    {
      name: 'maps style',
      method: 'GET',
      url: `${urls.mapHost}/sdk/styles/streets/style.json?mode=dark&key=${keys.maps}`,
      headers: {},
    },
    {
      name: 'maps tiles.json',
      method: 'GET',
      url: `${urls.mapHost}/sdk/tiles.json?key=${keys.maps}`,
      headers: {},
    },
    {
      name: 'maps wordmark',
      method: 'GET',
      url: `${urls.mapHost}/sdk/wordmark.json?key=${keys.maps}`,
      headers: {},
    },
    {
      name: 'health facilities',
      method: 'GET',
      url: `${h}/facilities?loccode=${code}&facility_level=Secondary`,
      headers: health,
    },
    { name: 'health access', method: 'GET', url: `${h}/access?loccode=${code}`, headers: health },
    { name: 'health emergency', method: 'GET', url: `${h}/emergency-route?loccode=${code}`, headers: health },
    {
      name: 'health specialist',
      method: 'GET',
      url: `${h}/specialist?loccode=${code}&health_condition=chest%20pain`,
      headers: health,
    },
    { name: 'health risk', method: 'GET', url: `${h}/health-risk?loccode=${code}`, headers: health },
    { name: 'health heatmap', method: 'GET', url: `${h}/heatmap?loccode=${code}`, headers: health },
    {
      name: 'address by loccode',
      method: 'GET',
      url: `${urls.address}/v1/addresses/search/loccode/${code}`,
      headers: address,
    },
    {
      name: 'address by coordinates',
      method: 'GET',
      url: `${urls.address}/v1/addresses/search/coordinates?latitude=${latitude}&longitude=${longitude}`,
      headers: address,
    },
    {
      name: 'address by street',
      method: 'GET',
      url: `${urls.address}/v1/addresses/search/street?streetName=${encodeURIComponent(street.name)}`,
      headers: address,
    },
  ];
}

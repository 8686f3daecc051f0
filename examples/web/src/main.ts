import 'maplibre-gl/dist/maplibre-gl.css';
import './style.css';
import { execute, type ApiError } from './client';
import type { LoccodePanelQuery } from './gql/graphql';
import { drawLoccode } from './map';
import { LoccodePanel } from './operations';
import { readSettings, type Settings } from './settings';
import { showWordmark } from './wordmark';

type Loccode = NonNullable<LoccodePanelQuery['loccode']>;

const form = document.querySelector<HTMLFormElement>('#lookup')!;
const codeInput = document.querySelector<HTMLInputElement>('#code')!;
const keyInput = document.querySelector<HTMLInputElement>('#key')!;
const errorList = document.querySelector<HTMLUListElement>('#errors')!;
const panel = document.querySelector<HTMLElement>('#panel')!;
const mapContainer = document.querySelector<HTMLElement>('#map')!;

form.addEventListener('submit', (event) => {
  event.preventDefault();
  show(codeInput.value, readSettings(location.search, keyInput.value)).catch((error: Error) =>
    showError({ message: error.message, code: 'PAGE' }),
  );
});

/** Asks the gateway about one loccode and shows what came back: data and errors alike. */
async function show(code: string, settings: Settings): Promise<void> {
  errorList.replaceChildren();
  panel.replaceChildren(element('p', 'Loading…'));
  const { data, errors } = await execute(settings, LoccodePanel, { code });
  errors.forEach(showError);
  panel.replaceChildren(...(data?.loccode ? describe(data.loccode) : []));
  const styleUrl = data?.mapDisplay?.styleUrl;
  if (!styleUrl) return;
  // No street (an error above says why) empties the map rather than leave the last loccode's.
  const street = data.loccode?.street?.geometry.coordinates ?? [];
  const facilities = data.loccode?.emergency?.nearestFacilities ?? [];
  const mapError = (message: string) => showError({ message, code: 'MAP' });
  await drawLoccode(mapContainer, settings, styleUrl, street, facilities, mapError);
  await showWordmark(mapContainer, settings, data.mapDisplay?.wordmark.manifest).catch((error: Error) =>
    mapError(`wordmark: ${error.message}`),
  );
}

function showError(error: ApiError): void {
  errorList.append(element('li', `${error.code}: ${error.message}`));
}

/** The panel; a value the service did not send shows as "not given" rather than vanishing. */
function describe(loccode: Loccode): HTMLElement[] {
  const { street, climate, pests, emergency } = loccode;
  const sections: HTMLElement[] = [
    element('h2', street ? `${loccode.code}: ${street.name}, ${street.lga}` : loccode.code),
  ];
  if (climate)
    sections.push(
      element('h3', 'Climate'),
      list({
        Area: `${climate.city ?? 'not given'}, ${climate.state ?? 'not given'}`,
        'Air temperature': unit(climate.airTemperatureCelsius, '°C'),
        'Relative humidity': unit(climate.relativeHumidityPercent, '%'),
        Rainfall: unit(climate.precipitationMm, 'mm'),
        Outlook: climate.interpretation?.outlookSummary ?? 'not given',
      }),
    );
  if (pests?.__typename === 'PestOverview')
    sections.push(
      element('h3', 'Pest risk'),
      list({
        Risk: pests.riskLevel ?? 'not given',
        'Main pests': pests.dominantPests.join(', ') || 'none',
        Alert: pests.seasonalAlert ?? 'none',
      }),
    );
  if (emergency) {
    const items = emergency.nearestFacilities.map((facility) =>
      element('li', `${facility.name} (${facility.category}), ${facility.distanceKm} km`),
    );
    const facilities = document.createElement('ol');
    facilities.id = 'facilities';
    facilities.replaceChildren(...items);
    sections.push(element('h3', 'Nearest facilities with emergency care'), facilities);
  }
  return sections;
}

function unit(value: number | null | undefined, symbol: string): string {
  return value === null || value === undefined ? 'not given' : `${value} ${symbol}`;
}

function list(entries: Record<string, string>): HTMLDListElement {
  const dl = document.createElement('dl');
  for (const [term, value] of Object.entries(entries)) dl.append(element('dt', term), element('dd', value));
  return dl;
}

/** Text only (textContent): nothing from the API is ever parsed as HTML. */
function element<K extends keyof HTMLElementTagNameMap>(tag: K, text: string): HTMLElementTagNameMap[K] {
  const created = document.createElement(tag);
  created.textContent = text;
  return created;
}

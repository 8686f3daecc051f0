import { authHeaders, type Settings } from './settings';

/**
 * The maps service's wordmark, which every rendered map must show (map spec, Map
 * display: it may move corner but may not be removed). The manifest's structure is not
 * shown in the spec, so it is read defensively: the light variant's `url`, else the first.
 * The image is fetched with the caller's key, like every /maps/ resource, and shown from
 * a blob (an <img> could not send the key).
 */
export async function showWordmark(
  container: HTMLElement,
  settings: Settings,
  manifest: unknown,
): Promise<void> {
  if (container.querySelector('.wordmark')) return;
  const variants = (manifest as { variants?: Array<{ mode?: string; url?: string }> } | null)?.variants ?? [];
  const url = (variants.find((variant) => variant.mode === 'light') ?? variants[0])?.url;
  if (!url) throw new Error('the manifest names no wordmark image');
  const response = await fetch(url, { headers: authHeaders(settings) });
  if (!response.ok) throw new Error(`HTTP ${response.status} for ${url}`);
  const image = document.createElement('img');
  image.className = 'wordmark';
  image.alt = 'Map wordmark';
  image.src = URL.createObjectURL(await response.blob());
  container.append(image);
}

import type { Dataset } from './types';

let cached: Dataset | undefined;

/** The sandbox dataset, built once per process from the compact tables beside this file. */
export function loadDataset(): Dataset {
  cached ??= buildDataset();
  return cached;
}

function buildDataset(): Dataset {
  throw new Error('not implemented yet');
}

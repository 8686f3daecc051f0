import type { Dataset } from './dataset/types';

/** What every sandbox service is built from. */
export interface ServiceContext {
  dataset: Dataset;
  /** The sandbox's notion of now, for timestamps in bodies (fixed in tests, so bodies are byte-identical). */
  now: () => Date;
}

import type { Dataset } from './dataset/types';
import type { Variants } from './kit/variants';

/** What every sandbox service is built from. */
export interface ServiceContext {
  dataset: Dataset;
  /** The sandbox's notion of now, for timestamps in bodies (fixed in tests, so bodies are byte-identical). */
  now: () => Date;
  /** The forms to answer in where a spec allows more than one (switched by the controls). */
  variants: () => Readonly<Variants>;
}

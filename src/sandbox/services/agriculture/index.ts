import type { ServiceContext } from '../../context';
import type { ServiceDefinition } from '../../kit/types';

export function createAgricultureService(_context: ServiceContext): ServiceDefinition {
  throw new Error('not implemented yet');
}

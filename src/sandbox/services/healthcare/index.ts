import type { ServiceContext } from '../../context';
import type { ServiceDefinition } from '../../kit/types';

export function createHealthcareService(_context: ServiceContext): ServiceDefinition {
  throw new Error('not implemented yet');
}

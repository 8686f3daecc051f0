import { join } from 'node:path';

/** The example client's trusted-documents manifest (graphql-codegen's client preset writes it). */
export const EXAMPLE_MANIFEST = join(
  __dirname,
  '..',
  '..',
  'examples',
  'node-client',
  'src',
  'gql',
  'persisted-documents.json',
);

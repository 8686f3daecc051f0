import { staleSchemaFiles } from '../../scripts/print-schema';

describe('the printed schema for client codegen', () => {
  it('schema.graphql and schema.introspection.json match schema/*.graphql (else: npm run schema:print)', () => {
    expect(staleSchemaFiles()).toEqual([]);
  });
});

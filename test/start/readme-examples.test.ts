import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SINGLE_REQUEST_DISCIPLINE, useTestStack } from '../support/gateway';

const ROOT = join(__dirname, '..', '..');
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');

/** README "More loccodes": its query, and the table's rows (zone, state, loccode). */
function moreLoccodes(): { query: string; rows: Array<{ state: string; code: string }> } {
  const start = README.indexOf('### More loccodes');
  const section = README.slice(start, README.indexOf('\n## ', start));
  const query = /```graphql\n([\s\S]*?)\n```/.exec(section)?.[1];
  const rows = [
    ...section.matchAll(/^\|[^|\n]*\|\s*([^|\n]+?)\s*\|\s*`([A-Z0-9]{4} [A-Z0-9]{3})`\s*\|$/gm),
  ].map(([, state, code]) => ({ state: state!, code: code! }));
  if (start < 0 || !query) throw new Error('README has no "More loccodes" section with a graphql query');
  return { query, rows };
}

describe('README "More loccodes"', () => {
  const stack = useTestStack(SINGLE_REQUEST_DISCIPLINE);

  it('lists a street loccode for each of the six geopolitical zones', () => {
    const { rows } = moreLoccodes();
    expect(rows.map((row) => row.code)).toHaveLength(6);
    expect(new Set(rows.map((row) => row.state)).size).toBe(6);
  });

  it('answers its query for every loccode it lists, in every domain, without an error', async () => {
    const { query, rows } = moreLoccodes();
    for (const { state, code } of rows) {
      const { data, errors } = await stack.query(query, { code });
      expect([code, errors]).toEqual([code, undefined]);
      expect(data.loccode.street.state).toBe(state);
      expect(data.loccode.climate.state).toBe(state);
      expect(data.loccode.address.addresses.length).toBeGreaterThan(0);
      expect(data.loccode.healthcareAccess.accessScore).toBeGreaterThanOrEqual(0);
    }
  });

  it('sends the same query in its curl example, for a loccode of the table', () => {
    const { query, rows } = moreLoccodes();
    const section = README.slice(README.indexOf('### More loccodes'));
    const body = JSON.parse(/```sh\ncurl[^\n]*\n\s*-d '(\{.*\})'/.exec(section)![1]!) as {
      query: string;
      variables: { code: string };
    };
    const words = (text: string) => text.replace(/\s+/g, ' ').trim();
    expect(words(body.query)).toBe(words(query));
    expect(rows.map((row) => row.code)).toContain(body.variables.code);
  });

  it("answers street and address for every loccode the schema's descriptions give as an example", async () => {
    const schema = readdirSync(join(ROOT, 'schema'))
      .map((name) => readFileSync(join(ROOT, 'schema', name), 'utf8'))
      .join('\n');
    const examples = new Set(
      [...schema.matchAll(/e\.g\.\s+`([A-Z0-9]{2,4} [A-Z0-9]{3,6})`/g)].map((match) => match[1]!),
    );
    expect(examples.size).toBeGreaterThanOrEqual(2);
    for (const code of examples) {
      const { data, errors } = await stack.query(
        'query ($code: String!) { loccode(code: $code) { street { name } address { streetName } } }',
        { code },
      );
      expect([code, errors]).toEqual([code, undefined]);
      expect(data.loccode.street.name).toBe(data.loccode.address.streetName);
    }
  });
});

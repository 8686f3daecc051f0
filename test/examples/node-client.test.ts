import { main } from '../../examples/node-client/src/main';
import { useTestStack } from '../support/gateway';

describe('examples/node-client against the sandbox', () => {
  const stack = useTestStack();

  it('prints typed cross-domain data and both members of the PestReport union', async () => {
    const printed: string[] = [];
    const report = await main(stack.app.url, 'KN3A 7QP', (line) => printed.push(line));

    expect(report.loccode.code).toBe('KN3A 7QP');
    expect(report.loccode.street?.state).toBe('Kano');
    expect(report.loccode.facilities?.facilities.length).toBeGreaterThan(0);
    expect(report.pestReports.map((pests) => pests.__typename)).toEqual(['PestProfile', 'PestOverview']);
    expect(printed[0]).toMatch(/^KN3A 7QP: .+, Kano \(\d/);
    expect(printed).toContainEqual(expect.stringMatching(/^MAIZE pest risk [A-Z]+: \S/));
    expect(printed).toContainEqual(expect.stringMatching(/^Kano pest risk [A-Z]+; crops at risk: \S/));
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { useTestStack } from '../support/gateway';

/**
 * Every query of examples/grafana/loccode-graph.json names metrics that a
 * running gateway's /metrics really exposes (a renamed metric would leave a panel empty).
 */
interface Panel {
  title: string;
  targets?: Array<{ expr: string }>;
}

const dashboard = JSON.parse(
  readFileSync(join(__dirname, '..', '..', 'examples', 'grafana', 'loccode-graph.json'), 'utf8'),
) as { panels: Panel[] };

/** PromQL words that are neither functions (followed by `(`) nor metric names (their label lists are stripped first). */
const KEYWORDS = new Set([
  'and',
  'or',
  'unless',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'bool',
  'offset',
]);

/** The metric names of one PromQL expression: what is left once matchers, ranges, groupings, functions and numbers are gone. */
function metricNames(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ');
  const names = [...bare.matchAll(/([A-Za-z_:][A-Za-z0-9_:]*)\s*(\()?/g)]
    .filter(([, , call]) => call === undefined)
    .map(([, name]) => name!)
    .filter((name) => !KEYWORDS.has(name));
  return [...new Set(names)];
}

describe('the Grafana dashboard', () => {
  const stack = useTestStack({});

  it('reads metric names out of PromQL', () => {
    expect(
      metricNames(
        'histogram_quantile(0.99, sum by (le, service) (rate(loccode_upstream_call_duration_seconds_bucket{a="b"}[5m]))) / on (x) up',
      ),
    ).toEqual(['loccode_upstream_call_duration_seconds_bucket', 'up']);
  });

  it('queries only metrics that /metrics exposes, once a request has been served', async () => {
    await stack.query('{ loccode(code: "KN3A 7QP") { climate { state } } }');
    await stack.query('{ loccode(code: "KN3A-7QP") { code } }');
    const exposition = (await stack.http.get(stack.app.url.replace(/\/graphql$/, '/metrics'))).text;
    const types = new Map(
      [...exposition.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map(([, name, type]) => [name!, type!]),
    );
    const sampled = new Set(
      [...exposition.matchAll(/^([A-Za-z_:][A-Za-z0-9_:]*)[{ ]/gm)].map(([, name]) => name!),
    );

    const queried = dashboard.panels.flatMap((panel) =>
      (panel.targets ?? []).flatMap(({ expr }) =>
        metricNames(expr).map((name) => ({ panel: panel.title, name })),
      ),
    );
    expect(queried.length).toBeGreaterThan(15);
    const missing = queried.filter(({ name }) => {
      const histogram = /^(.*)_(bucket|sum|count)$/.exec(name)?.[1];
      const family = histogram && types.get(histogram) === 'histogram' ? histogram : name;
      return !types.has(family) || !sampled.has(name);
    });
    expect(missing).toEqual([]);
    // The names standard Node dashboards query (prom-client's defaults, unprefixed).
    expect(queried.map(({ name }) => name)).toEqual(
      expect.arrayContaining(['process_cpu_seconds_total', 'nodejs_eventloop_lag_seconds']),
    );
  });
});

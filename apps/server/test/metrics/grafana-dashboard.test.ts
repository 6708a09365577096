// @database pglite
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createServerMetrics } from '../../src/metrics/server-metrics.ts';

/**
 * docs/operations/grafana-dashboard.json and the operations page are drawn from the server's metric
 * names: a metric renamed or removed in the code must not leave a panel that shows nothing, and a
 * metric added must get a panel and a line in the page's table.
 */
const docs = new URL('../../../../docs/operations/', import.meta.url);
const dashboard = JSON.parse(readFileSync(new URL('grafana-dashboard.json', docs), 'utf8')) as {
  panels: Array<{ title: string; targets?: Array<{ expr: string }> }>;
  templating: { list: Array<{ query?: unknown }> };
};
const operationsPage = readFileSync(new URL('README.md', docs), 'utf8');

/** The names the registry serves: a histogram's series end in _bucket, _count and _sum. */
async function servedNames(): Promise<Set<string>> {
  const metrics = createServerMetrics();
  metrics.collectProcessMetrics();
  const names = new Set<string>();
  for (const metric of await metrics.registry.getMetricsAsJSON()) {
    names.add(metric.name);
    // prom-client types `type` as a numeric enum, but it holds the type's name.
    if (String(metric.type) === 'histogram')
      for (const suffix of ['_bucket', '_count', '_sum']) names.add(`${metric.name}${suffix}`);
  }
  return names;
}

/** Every metric name a PromQL text reads (Figgle's, Node's and the process's). */
function namesIn(expr: string): string[] {
  return [...expr.matchAll(/\b((?:figgle|nodejs|process)_[a-z0-9_]+)\b/g)].map((match) => match[1]!);
}

const queries = [
  ...dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((target) => target.expr)),
  ...dashboard.templating.list.map((variable) => JSON.stringify(variable.query ?? '')),
];

describe('the Grafana dashboard', () => {
  it('queries only metrics the server serves', async () => {
    const served = await servedNames();
    const queried = queries.flatMap(namesIn);
    expect(queried.length).toBeGreaterThan(20);
    expect(queried.filter((name) => !served.has(name))).toEqual([]);
  });

  it("has a panel for each of Figgle's own metrics, and the operations page a line", async () => {
    const metrics = createServerMetrics();
    const own = (await metrics.registry.getMetricsAsJSON()).map((metric) => metric.name);
    expect(own.length).toBeGreaterThan(10);
    const queried = new Set(queries.flatMap(namesIn).map((name) => name.replace(/_(bucket|count|sum)$/, '')));
    expect(own.filter((name) => !queried.has(name))).toEqual([]);
    expect(own.filter((name) => !operationsPage.includes(`\`${name}\``))).toEqual([]);
  });
});

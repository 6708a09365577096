import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * apps/web/biome.json forbids imports across layers with one override per feature folder, because
 * Biome matches import specifiers, not resolved files. A new feature folder without its override
 * would be unguarded, and the other features' overrides would not forbid importing it: this test
 * keeps the list in step with the folders.
 */
interface Override {
  includes: string[];
  linter: {
    rules: {
      style: { noRestrictedImports: { level: string; options: { patterns: { group: string[] }[] } } };
    };
  };
}

const config = JSON.parse(readFileSync(new URL('../biome.json', import.meta.url), 'utf8')) as {
  overrides: Override[];
};
const features = readdirSync(new URL('./features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

function forbiddenFor(folder: string): string[] | undefined {
  const override = config.overrides.find((candidate) => candidate.includes.includes(folder));
  const rule = override?.linter.rules.style.noRestrictedImports;
  if (rule?.level !== 'error') return undefined;
  return rule.options.patterns.flatMap((pattern) => pattern.group).sort();
}

describe('import boundaries of the web app', () => {
  it('finds the feature folders', () => {
    expect(features).toContain('tasks');
    expect(features).toContain('settings');
  });

  it.each(features)('features/%s may import no other feature and not app/', (feature) => {
    const others = features.filter((other) => other !== feature).map((other) => `**/${other}/**`);
    expect(forbiddenFor(`src/features/${feature}/**`)).toEqual([...others, '**/app/**'].sort());
  });

  it.each(['lib', 'ui', 'shared'])('%s/ may import no feature and not app/', (layer) => {
    expect(forbiddenFor(`src/${layer}/**`)).toEqual(['**/app/**', '**/features/**']);
  });
});

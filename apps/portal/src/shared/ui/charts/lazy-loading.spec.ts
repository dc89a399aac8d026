import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// The portal's src folder, ending in a slash (this file is src/shared/ui/charts/).
const SRC = `${resolve(import.meta.dirname, '../../..')}/`;
const HEAVY = /^(@mui\/x-charts|d3-geo|topojson-client|world-atlas)(\/|$)/;

function fileOf(specifier: string): string | null {
  const base = `${SRC}${specifier.slice(2)}`;
  return ['.ts', '.tsx', '/index.ts'].map((ext) => base + ext).find((f) => existsSync(f)) ?? null;
}

/** Every module reached from `entry` by static imports (not import()), with the packages each one imports. */
function staticGraph(entry: string): { files: string[]; packages: string[] } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const source = readFileSync(file, 'utf8');
    for (const m of source.matchAll(/^\s*(?:import|export)\s[^'"]*?from\s+'([^']+)'/gm)) {
      const spec = m[1];
      if (spec.startsWith('@/')) {
        const next = fileOf(spec);
        if (next) visit(next);
      } else packages.add(spec);
    }
  };
  visit(entry);
  return { files: [...files], packages: [...packages] };
}

describe('charts load lazily', () => {
  it('a screen importing @/shared/ui/charts reaches no chart library by static imports', () => {
    const entry = fileOf('@/shared/ui/charts');
    expect(entry).not.toBeNull();
    const { files, packages } = staticGraph(entry ?? '');
    expect(files.length).toBeGreaterThan(3);
    expect(packages.filter((p) => HEAVY.test(p))).toEqual([]);
  });

  it('the views behind the wrappers are where the libraries are', () => {
    const views = [
      '@/shared/ui/charts/LineChartView',
      '@/shared/ui/charts/BarChartView',
      '@/shared/ui/charts/map/WorldMapView',
    ];
    const reached = views.flatMap((v) => staticGraph(fileOf(v) ?? '').packages.filter((p) => HEAVY.test(p)));
    expect(reached).toEqual(
      expect.arrayContaining([
        '@mui/x-charts/LineChart',
        '@mui/x-charts/BarChart',
        'd3-geo',
        'topojson-client',
        'world-atlas/countries-110m.json',
      ]),
    );
    const lazy = readFileSync(fileOf('@/shared/ui/charts/lazy') ?? '', 'utf8');
    for (const v of views) expect(lazy).toContain(`import('${v}')`);
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Server modules do not import each other in a circle (issue 28, goal 4; decision 113). The boundary
 * check (dependency-cruiser) forbids cycles between files; this test forbids them between modules, the
 * folders under `modules/` (a back-office area is a module of its own): two modules that need each
 * other are one module, or one of them is given what it needs (a function, a narrow type) by app.ts.
 */
const MODULES = path.resolve(import.meta.dirname, '../src/modules');

function moduleOf(file: string): string {
  const [first, second, third] = path.relative(MODULES, file).split(path.sep);
  return first === 'back-office' && third !== undefined ? `back-office/${second}` : first!;
}

function importGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  const visit = (folder: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) visit(file);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
        const from = moduleOf(file);
        for (const [, specifier] of fs.readFileSync(file, 'utf8').matchAll(/from '(\.[^']+)'/g)) {
          const target = path.resolve(path.dirname(file), specifier!);
          if (!target.startsWith(MODULES + path.sep)) continue;
          const to = moduleOf(target);
          if (to !== from) graph.set(from, (graph.get(from) ?? new Set()).add(to));
        }
      }
    }
  };
  visit(MODULES);
  return graph;
}

/** Every module that reaches back to itself, with one circle it is on. */
function circles(graph: Map<string, Set<string>>): string[] {
  const found: string[] = [];
  for (const start of graph.keys()) {
    const queue: string[][] = [[start]];
    const seen = new Set<string>();
    while (queue.length > 0) {
      const trail = queue.shift()!;
      for (const next of graph.get(trail.at(-1)!) ?? []) {
        if (next === start) {
          found.push([...trail, start].join(' → '));
          queue.length = 0;
          break;
        }
        if (!seen.has(next)) {
          seen.add(next);
          queue.push([...trail, next]);
        }
      }
    }
  }
  return found;
}

describe('server modules', () => {
  it('import each other in no circle', () => {
    expect(circles(importGraph())).toEqual([]);
  });

  it('are read as folders: a planted import back is a circle', () => {
    const graph = importGraph();
    expect(graph.get('issuance')?.has('notifications')).toBe(true);
    graph.set('notifications', new Set([...(graph.get('notifications') ?? []), 'issuance']));
    expect(circles(graph)).toContain('issuance → notifications → issuance');
  });
});

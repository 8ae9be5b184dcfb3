// The accessibility checks are split over several browser-test files (accessibility-*.e2e.test.ts) so
// they run side by side; this test makes sure that together they name every built page of the route
// table, so a new page cannot slip past them. Each file checks what it names when it runs.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtRouteNames } from './axe-suite.ts';

const here = path.dirname(new URL(import.meta.url).pathname);

describe('the accessibility checks', () => {
  it('name every built page of the route table', () => {
    const files = readdirSync(here).filter((name) => /^accessibility-.+\.e2e\.test\.ts$/.test(name));
    expect(files.length).toBeGreaterThanOrEqual(3);
    const text = files.map((name) => readFileSync(path.join(here, name), 'utf8')).join('\n');
    const built = builtRouteNames();
    expect(built.length).toBeGreaterThan(20);
    expect(built.filter((name) => !text.includes(`'${name}'`))).toEqual([]);
  });
});

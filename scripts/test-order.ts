// The order in which `npm test` starts its test files. Two files run at a time (vitest.config.ts), taken
// from one queue, so a long file that starts last keeps one core busy after the other has run out of
// work. With no record of earlier runs (a clean clone, as in CI) vitest starts the largest files first,
// and the accessibility checks, the longest files by far (minutes each), are among the smallest. They go
// first here, then the other browser tests, the property tests and the CLI tests (each tens of seconds),
// then everything else; within each group vitest's own order (longest first when it knows the durations).
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export function startRank(moduleId: string): number {
  if (/\/accessibility-[^/]*\.e2e\.test\.ts$/.test(moduleId)) return 0;
  if (/\.(e2e|property)\.test\.ts$/.test(moduleId) || moduleId.endsWith('/cli/cli.int.test.ts')) return 1;
  return 2;
}

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files);
    return ordered
      .map((file, index) => ({ file, index, rank: startRank(file.moduleId) }))
      .sort((a, b) => a.rank - b.rank || a.index - b.index)
      .map(({ file }) => file);
  }
}

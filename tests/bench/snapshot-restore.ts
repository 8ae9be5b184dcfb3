// Where a warm start's snapshot restore goes: reads a readmodels.snapshot (the path given, e.g. the data
// folder of a portal started and stopped on the big log), deserialises it and restores each model from its
// stored form, printing the time of each step (one process, once: a start restores once, without warm-up).
// `npx tsx tests/bench/snapshot-restore.ts <data folder>/readmodels.snapshot`
// The start-up bench uses `restoreSteps` for what the first reads after a warm start pay (the parts of
// models restored at their first use).
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { deserialize } from 'node:v8';
import { portalProjections } from '@club/projections';

export interface RestoreStep {
  name: string;
  ms: number;
  cpuMs: number;
}

export function restoreSteps(file: string): RestoreStep[] {
  const steps: RestoreStep[] = [];
  const step = <T>(name: string, run: () => T): T => {
    const cpuBefore = process.cpuUsage();
    const startedAt = performance.now();
    const result = run();
    const cpu = process.cpuUsage(cpuBefore);
    steps.push({ name, ms: performance.now() - startedAt, cpuMs: (cpu.user + cpu.system) / 1000 });
    return result;
  };
  const bytes = step('read file', () => readFileSync(file));
  const stored = step('deserialise', () => deserialize(bytes) as { models: Record<string, unknown> });
  for (const [name, projection] of Object.entries(portalProjections)) {
    const model = stored.models[name];
    if (!projection.restoreStored) continue;
    const restored = step(name, () => projection.restoreStored?.(model)) as unknown as object;
    // Parts restored at their first use (the ledger's rows): what the first request that reads them pays.
    if (!Array.isArray(restored)) step(`${name}, at first use`, () => Object.values(restored));
  }
  return steps;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const file = process.argv[2];
  if (!file) throw new Error('usage: snapshot-restore.ts <readmodels.snapshot>');
  for (const { name, ms, cpuMs } of restoreSteps(file)) {
    console.log(`${name.padEnd(20)} ${ms.toFixed(0).padStart(6)} ms (cpu ${cpuMs.toFixed(0)})`);
  }
}

// Profiles one piece of work in this process through the inspector: a CPU profile, or with PROFILE=heap a
// sampling heap profile of everything the work allocates (also what was collected since). Read either in
// Chrome's DevTools or with a script.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';

export async function profiled<T>(output: string, work: () => Promise<T>): Promise<T> {
  const session = new Session();
  session.connect();
  const heap = process.env.PROFILE === 'heap';
  if (heap) {
    await session.post('HeapProfiler.enable');
    await session.post('HeapProfiler.startSampling', {
      samplingInterval: 4096,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
  } else {
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 100 });
    await session.post('Profiler.start');
  }
  const result = await work();
  const { profile } = heap
    ? await session.post('HeapProfiler.stopSampling')
    : await session.post('Profiler.stop');
  writeFileSync(output, JSON.stringify(profile));
  session.disconnect();
  return result;
}

// The duo-alignment processor on an in-memory storage: it writes the adjusted image of the final size and
// fails for good (no retries) when the job is malformed or the back-side image is gone.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { InvalidJobDataError } from '../device-commands.ts';
import { createDuoAlignmentProcessor, duoResultKey } from './duo-alignment.ts';

function memoryStorage() {
  const objects = new Map<string, Buffer>();
  return {
    objects,
    get: async (key: string) => objects.get(key) ?? null,
    put: async (key: string, bytes: Buffer) => {
      objects.set(key, bytes);
    },
  };
}

const job = {
  jobId: 'duo-3-9-abc',
  projectPk: 3,
  s3pk: 9,
  sourceKey: 'files/9',
  left: { x: 0, y: 1 },
  right: { x: 1.5, y: 1 },
};

describe('duo-alignment processor', () => {
  it('writes the adjusted PNG with the final size under the job key', async () => {
    const storage = memoryStorage();
    const page = await sharp({ create: { width: 1240, height: 1754, channels: 3, background: '#fff' } })
      .png()
      .withMetadata({ density: 150 })
      .toBuffer();
    storage.objects.set('files/9', page);
    const result = await createDuoAlignmentProcessor(storage)(job);
    expect(result.resultKey).toBe(duoResultKey(job.jobId));
    expect(result.finalsize.height).toBe(1754);
    expect(result.finalsize.width).toBeLessThan(1240);
    const written = await sharp(storage.objects.get(result.resultKey)!).metadata();
    expect({ width: written.width, height: written.height }).toEqual(result.finalsize);
  });

  it('fails for good when the source is gone or the job is malformed', async () => {
    const processor = createDuoAlignmentProcessor(memoryStorage());
    await expect(processor(job)).rejects.toBeInstanceOf(InvalidJobDataError);
    await expect(processor({ ...job, left: null })).rejects.toBeInstanceOf(InvalidJobDataError);
  });
});

// The contract every file-storage adapter passes (storage.int.test.ts runs it on the local folder and on
// a real S3-compatible server). `sendToUploadTarget` is how a browser's PUT reaches the adapter: a real
// HTTP PUT for S3, the signed-token check the API route makes for the local adapter.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { FileStorage } from './storage.ts';

export interface StorageContractSetup {
  storage: () => FileStorage;
  sendToUploadTarget: (url: string, bytes: Buffer) => Promise<{ accepted: boolean }>;
}

const readAll = async (stream: NodeJS.ReadableStream): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
};

export function fileStorageContract(name: string, setup: StorageContractSetup): void {
  describe(`file storage contract: ${name}`, () => {
    const now = new Date();

    it('stores bytes and reads them back whole, by buffer and by stream', async () => {
      const storage = setup.storage();
      const bytes = randomBytes(300_000);
      await storage.put('files/1', bytes, 'image/jpeg');
      expect((await storage.get('files/1'))?.equals(bytes)).toBe(true);
      expect(await storage.head('files/1')).toEqual({ size: bytes.length });
      const stream = await storage.stream('files/1');
      expect(stream && (await readAll(stream)).equals(bytes)).toBe(true);
    });

    it('answers null for a key never stored, and deleting it is no error', async () => {
      const storage = setup.storage();
      expect(await storage.get('files/404')).toBeNull();
      expect(await storage.head('files/404')).toBeNull();
      expect(await storage.stream('files/404')).toBeNull();
      await storage.delete('files/404');
    });

    it('overwrites, deletes and lists by prefix', async () => {
      const storage = setup.storage();
      await storage.put('files/2', Buffer.from('first'), 'text/plain');
      await storage.put('files/2', Buffer.from('second'), 'text/plain');
      await storage.put('thumbnails/2.jpg', Buffer.from('thumb'), 'image/jpeg');
      expect((await storage.get('files/2'))?.toString()).toBe('second');
      expect(await storage.list('thumbnails/')).toEqual(['thumbnails/2.jpg']);
      await storage.delete('files/2');
      expect(await storage.get('files/2')).toBeNull();
      expect(await storage.list('files/2')).toEqual([]);
    });

    it('refuses keys it did not make (no path can be smuggled in)', async () => {
      const storage = setup.storage();
      for (const key of ['../etc/passwd', 'files/../../x', '/abs', 'Files/1', 'files//1', ''])
        await expect(storage.put(key, Buffer.from('x'), 'text/plain'), key).rejects.toThrow(/storage key/);
    });

    it('takes a direct upload at the address it hands out', async () => {
      const storage = setup.storage();
      const bytes = randomBytes(50_000);
      const target = await storage.directUploadTarget('files/3', { expiresInSeconds: 600, now });
      expect(target.expiresAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
      expect(await setup.sendToUploadTarget(target.url, bytes)).toEqual({ accepted: true });
      expect((await storage.get('files/3'))?.equals(bytes)).toBe(true);
    });

    it('refuses a direct upload to a tampered address and stores nothing', async () => {
      const storage = setup.storage();
      const target = await storage.directUploadTarget('files/4', { expiresInSeconds: 600, now });
      const tampered = target.url.replace('files', 'filez').replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
      expect(await setup.sendToUploadTarget(tampered, Buffer.from('evil'))).toEqual({ accepted: false });
      expect(await storage.head('files/4')).toBeNull();
      expect(await storage.head('filez/4')).toBeNull();
    });
  });
}

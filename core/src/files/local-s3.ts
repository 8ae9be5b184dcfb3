// For tests: a real S3-compatible server (s3rver) on loopback with the club's bucket, and the options that
// point the S3 adapter at it. Used by the storage contract suite and by the API's S3 upload tests.
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3StorageOptions } from './s3-storage.ts';

export interface LocalS3 {
  options: S3StorageOptions;
  close(): Promise<void>;
}

/** Starts s3rver on a free port, keeping its objects under `folder`. */
export async function startLocalS3(folder: string): Promise<LocalS3> {
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: join(folder, 's3rver'),
    configureBuckets: [{ name: 'club-files', configs: [] }],
  });
  const address = (await server.run()) as AddressInfo;
  return {
    options: {
      endpoint: `http://127.0.0.1:${address.port}`,
      bucket: 'club-files',
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
    },
    close: () => server.close(),
  };
}

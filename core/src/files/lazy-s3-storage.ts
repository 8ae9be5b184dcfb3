// The S3 adapter, loaded at its first use: the AWS SDK is a few hundred ms of every start of the portal
// and the workers, and most deployments (and every test that does not use S3) keep files locally.
import type { S3FileStorage, S3StorageOptions } from './s3-storage.ts';
import type { FileStorage } from './storage.ts';

export class LazyS3FileStorage implements FileStorage {
  readonly kind = 's3' as const;
  private loading: Promise<S3FileStorage> | undefined;

  constructor(private readonly options: S3StorageOptions) {}

  private s3(): Promise<S3FileStorage> {
    this.loading ??= import('./s3-storage.ts').then(({ S3FileStorage }) => new S3FileStorage(this.options));
    return this.loading;
  }

  async put(...args: Parameters<FileStorage['put']>) {
    return (await this.s3()).put(...args);
  }
  async get(...args: Parameters<FileStorage['get']>) {
    return (await this.s3()).get(...args);
  }
  async stream(...args: Parameters<FileStorage['stream']>) {
    return (await this.s3()).stream(...args);
  }
  async head(...args: Parameters<FileStorage['head']>) {
    return (await this.s3()).head(...args);
  }
  async delete(...args: Parameters<FileStorage['delete']>) {
    return (await this.s3()).delete(...args);
  }
  async list(...args: Parameters<FileStorage['list']>) {
    return (await this.s3()).list(...args);
  }
  async directUploadTarget(...args: Parameters<FileStorage['directUploadTarget']>) {
    return (await this.s3()).directUploadTarget(...args);
  }
  async close(): Promise<void> {
    if (this.loading) (await this.loading).close();
  }
}

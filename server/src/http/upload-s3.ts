// The upload store in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, ...), through the AWS SDK
// v3. Keys are the same `<kind>/<name>` paths the local folder uses, so a record's `/uploads/...`
// address names the same object in either store, and every API process sees every upload.
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { Config } from '../config';
import { isStoredName, type StoredObject, UploadStore } from './uploads';

/** A bucket that does not answer a readiness probe within this is reported down. */
const READY_TIMEOUT_MS = 3_000;

export type S3Settings = Extract<Config['storage'], { kind: 's3' }>;

/** What the server streams for GET /uploads/<key>. */
export type S3Download = {
  body: Readable;
  contentType?: string;
  contentLength?: number;
  etag?: string;
  lastModified?: Date;
};

/** The SDK's "no such key" in its several spellings (GetObject's NoSuchKey, HeadObject's bare 404). */
function isMissing(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}

export function s3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    // Unset: the SDK's own chain (environment, shared files, an instance or task role).
    credentials: settings.credentials,
    // Another service than AWS may not know the SDK's newer default checksums (CRC32 on every put):
    // send and check them only where S3 requires them, as every S3-compatible service does.
    ...(settings.endpoint
      ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' }
      : {}),
  });
}

export class S3UploadStore extends UploadStore {
  readonly kind = 's3' as const;

  constructor(
    readonly client: S3Client,
    readonly bucket: string,
    publicUrl = '',
  ) {
    super(publicUrl);
  }

  static fromSettings(settings: S3Settings, publicUrl = ''): S3UploadStore {
    return new S3UploadStore(s3Client(settings), settings.bucket, publicUrl);
  }

  protected async put(rel: string, buffer: Buffer, mime: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: rel, Body: buffer, ContentType: mime }),
    );
  }

  protected async has(rel: string): Promise<boolean> {
    return this.hasKey(rel);
  }

  /** The bucket answers and these credentials reach it (one HEAD, no object touched). */
  async ready(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }), {
      abortSignal: AbortSignal.timeout(READY_TIMEOUT_MS),
    });
  }

  /** Whether the bucket holds a key (the copy from the folder skips those). */
  async hasKey(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (err) {
      if (isMissing(err)) return false;
      throw err;
    }
  }

  /** Writes an object under a key as it is (the copy from the folder keeps each file's path). */
  async putKey(key: string, buffer: Buffer, mime: string): Promise<void> {
    await this.put(key, buffer, mime);
  }

  protected async get(rel: string): Promise<Buffer | null> {
    const object = await this.download(rel);
    if (!object || object === 'not-modified') return null;
    const chunks: Buffer[] = [];
    for await (const chunk of object.body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  /**
   * The object as a stream with its headers, null when the bucket has no such key, or 'not-modified'
   * when `ifNoneMatch` is its ETag (a browser revalidating gets a 304 without the bytes crossing twice).
   */
  async download(rel: string, ifNoneMatch?: string): Promise<S3Download | 'not-modified' | null> {
    try {
      const out = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: rel, IfNoneMatch: ifNoneMatch }),
      );
      return {
        body: out.Body as Readable,
        contentType: out.ContentType,
        contentLength: out.ContentLength,
        etag: out.ETag,
        lastModified: out.LastModified,
      };
    } catch (err) {
      if (isMissing(err)) return null;
      if ((err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 304) {
        return 'not-modified';
      }
      throw err;
    }
  }

  protected async delete(rel: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: rel }));
  }

  async *list(): AsyncIterable<StoredObject> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken: token }),
      );
      for (const o of page.Contents ?? []) {
        if (o.Key) yield { rel: o.Key, modifiedMs: o.LastModified?.getTime() ?? Date.now() };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
}

const MIME_OF_EXT: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

/**
 * Copies every stored file of the local folder to the bucket under the same path, skipping keys the
 * bucket already holds, so it can be run again after a partial run or while the folder still receives
 * uploads. Files not named as `save` names them are left out: no record can refer to them.
 */
export async function copyFolderToBucket(
  from: UploadStore,
  to: S3UploadStore,
): Promise<{ copied: number; present: number; ignored: number }> {
  let copied = 0;
  let present = 0;
  let ignored = 0;
  for await (const { rel } of from.list()) {
    if (!isStoredName(rel)) {
      ignored++;
      continue;
    }
    if (await to.hasKey(rel)) {
      present++;
      continue;
    }
    const bytes = await from.readPath(rel);
    if (!bytes) {
      ignored++;
      continue;
    }
    await to.putKey(rel, bytes, MIME_OF_EXT[path.extname(rel).slice(1)] ?? 'application/octet-stream');
    copied++;
  }
  return { copied, present, ignored };
}

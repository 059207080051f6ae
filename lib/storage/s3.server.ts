import "server-only";
import { AwsClient } from "aws4fetch";
import { assertKey, IMMUTABLE_CACHE, KEY_PATTERN, type StorageDriver } from "./driver";

export interface S3Options {
  bucket: string;
  /** The S3 API endpoint (https://s3.<region>.amazonaws.com, an R2 or MinIO address). */
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where browsers read the files: the key is appended to it. */
  publicUrl: string;
  /** Tests pass a mock; the app uses the global fetch. */
  fetch?: typeof fetch;
}

/**
 * Files in an S3-compatible bucket, written with SigV4-signed requests (aws4fetch) to the
 * path-style address `{endpoint}/{bucket}/{key}`, which AWS, R2 and MinIO all accept.
 */
export class S3Storage implements StorageDriver {
  readonly kind = "s3";
  private readonly client: AwsClient;
  private readonly endpoint: string;
  private readonly publicUrl: string;
  private readonly fetch: typeof fetch;

  constructor(private readonly options: S3Options) {
    this.client = new AwsClient({
      accessKeyId: options.accessKeyId,
      secretAccessKey: options.secretAccessKey,
      region: options.region,
      service: "s3",
      retries: 0,
    });
    this.endpoint = options.endpoint.replace(/\/+$/, "");
    this.publicUrl = options.publicUrl.replace(/\/+$/, "");
    this.fetch = options.fetch ?? ((input, init) => fetch(input, init));
  }

  private objectUrl(key: string) {
    assertKey(key);
    return `${this.endpoint}/${encodeURIComponent(this.options.bucket)}/${key}`;
  }

  private async send(key: string, init: RequestInit, okStatuses: number[] = []) {
    const request = await this.client.sign(this.objectUrl(key), init);
    const response = await this.fetch(request);
    if (!response.ok && !okStatuses.includes(response.status)) {
      const text = (await response.text().catch(() => "")).slice(0, 300);
      throw new Error(`S3 ${init.method} ${key} failed: ${response.status} ${text}`);
    }
    await response.body?.cancel();
  }

  async put(key: string, bytes: Uint8Array, contentType: string) {
    await this.send(key, {
      method: "PUT",
      body: bytes as BodyInit,
      headers: {
        "Content-Type": contentType,
        "Content-Length": String(bytes.byteLength),
        "Cache-Control": IMMUTABLE_CACHE,
      },
    });
  }

  async delete(key: string) {
    await this.send(key, { method: "DELETE" }, [404]);
  }

  url(key: string) {
    assertKey(key);
    return `${this.publicUrl}/${key}`;
  }

  keyOf(url: string): string | null {
    const prefix = `${this.publicUrl}/`;
    if (!url.startsWith(prefix)) return null;
    const key = url.slice(prefix.length);
    return KEY_PATTERN.test(key) ? key : null;
  }
}

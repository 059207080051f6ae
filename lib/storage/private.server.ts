import "server-only";
import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { copyFile, mkdir, readdir, rename, stat, unlink } from "node:fs/promises";
import { join, resolve } from "node:path";
import { Readable } from "node:stream";
import { AwsClient } from "aws4fetch";
import { env, type Env } from "@/lib/env.server";
import { assertDocumentKey, DOCUMENT_KEY_PATTERN, type PrivateStorageDriver } from "./driver";

// Students' documents: a folder on this server's disk (DOCUMENTS_DIR), or a private bucket
// (S3_DOCUMENTS_BUCKET) on the images' S3 endpoint and keys. Neither is served as it is.

export class LocalPrivateStorage implements PrivateStorageDriver {
  readonly kind = "local";
  readonly dir: string;

  constructor(dir: string) {
    this.dir = resolve(dir);
  }

  private path(key: string) {
    assertDocumentKey(key);
    return join(this.dir, key);
  }

  async putFile(key: string, path: string) {
    const target = this.path(key);
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    // Copied aside and renamed, so a reader never sees half a file.
    const temporary = `${target}.${randomBytes(6).toString("hex")}.tmp`;
    await copyFile(path, temporary);
    await rename(temporary, target);
  }

  async open(key: string): Promise<ReadableStream<Uint8Array> | null> {
    if (!DOCUMENT_KEY_PATTERN.test(key)) return null;
    const path = this.path(key);
    try {
      await stat(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
    return Readable.toWeb(createReadStream(path)) as ReadableStream<Uint8Array>;
  }

  async delete(key: string) {
    try {
      await unlink(this.path(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }

  async *list(): AsyncIterable<string> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
      throw error;
    }
    for (const name of names) if (DOCUMENT_KEY_PATTERN.test(name)) yield name;
  }
}

export interface S3PrivateOptions {
  bucket: string;
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  fetch?: typeof fetch;
}

/** Documents in a private bucket, through SigV4-signed requests (path-style, like S3Storage). */
export class S3PrivateStorage implements PrivateStorageDriver {
  readonly kind = "s3";
  private readonly client: AwsClient;
  private readonly base: string;
  private readonly fetch: typeof fetch;

  constructor(options: S3PrivateOptions) {
    this.client = new AwsClient({
      accessKeyId: options.accessKeyId,
      secretAccessKey: options.secretAccessKey,
      region: options.region,
      service: "s3",
      retries: 0,
    });
    this.base = `${options.endpoint.replace(/\/+$/, "")}/${encodeURIComponent(options.bucket)}`;
    this.fetch = options.fetch ?? ((input, init) => fetch(input, init));
  }

  private async send(url: string, init: RequestInit & { duplex?: "half" }, okStatuses: number[] = []) {
    const response = await this.fetch(await this.client.sign(url, init));
    if (!response.ok && !okStatuses.includes(response.status)) {
      const text = (await response.text().catch(() => "")).slice(0, 300);
      throw new Error(`S3 ${init.method} failed: ${response.status} ${text}`);
    }
    return response;
  }

  async putFile(key: string, path: string, contentType: string, size: number) {
    assertDocumentKey(key);
    const response = await this.send(`${this.base}/${key}`, {
      method: "PUT",
      body: Readable.toWeb(createReadStream(path)) as ReadableStream<Uint8Array>,
      duplex: "half",
      headers: {
        "Content-Type": contentType,
        "Content-Length": String(size),
        "Cache-Control": "private, no-store",
        // The body is streamed, so it is not part of the signature.
        "X-Amz-Content-Sha256": "UNSIGNED-PAYLOAD",
      },
    });
    await response.body?.cancel();
  }

  async open(key: string): Promise<ReadableStream<Uint8Array> | null> {
    if (!DOCUMENT_KEY_PATTERN.test(key)) return null;
    const response = await this.send(`${this.base}/${key}`, { method: "GET" }, [404]);
    if (response.status === 404) {
      await response.body?.cancel();
      return null;
    }
    return response.body;
  }

  async delete(key: string) {
    assertDocumentKey(key);
    const response = await this.send(`${this.base}/${key}`, { method: "DELETE" }, [404]);
    await response.body?.cancel();
  }

  async *list(): AsyncIterable<string> {
    let token: string | null = null;
    do {
      const query = new URLSearchParams({ "list-type": "2" });
      if (token) query.set("continuation-token", token);
      const response = await this.send(`${this.base}?${query}`, { method: "GET" });
      const xml = await response.text();
      for (const [, key] of xml.matchAll(/<Key>([^<]+)<\/Key>/g))
        if (DOCUMENT_KEY_PATTERN.test(key)) yield key;
      token = /<IsTruncated>true<\/IsTruncated>/.test(xml)
        ? (/<NextContinuationToken>([^<]+)<\/NextContinuationToken>/.exec(xml)?.[1] ?? null)
        : null;
    } while (token);
  }
}

export function privateStorageFrom(config: Env): PrivateStorageDriver {
  if (config.S3_DOCUMENTS_BUCKET) {
    return new S3PrivateStorage({
      bucket: config.S3_DOCUMENTS_BUCKET,
      endpoint: config.S3_ENDPOINT!,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID!,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
    });
  }
  return new LocalPrivateStorage(config.DOCUMENTS_DIR);
}

let documents: PrivateStorageDriver | undefined;

/** The one place documents are stored. */
export function getDocumentStorage(): PrivateStorageDriver {
  return (documents ??= privateStorageFrom(env));
}

import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseEnv } from "@/lib/env.server";
import { HttpError } from "@/lib/http/errors";
import { IMMUTABLE_CACHE } from "@/lib/storage/driver";
import { LocalStorage } from "@/lib/storage/local.server";
import { S3Storage } from "@/lib/storage/s3.server";
import { saveImage, storageFrom } from "@/lib/storage/storage.server";

const png = new Uint8Array(readFileSync(join(__dirname, "../fixtures/images/campus-blue.png")));
const jpeg = new Uint8Array(readFileSync(join(__dirname, "../fixtures/images/campus-red.jpg")));

describe("local disk", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "uploads-test-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  test("saveImage stores the bytes under a random key with the sniffed extension, at /uploads/{key}", async () => {
    const storage = new LocalStorage(join(dir, "nested"));
    const first = await saveImage(png, storage);
    const second = await saveImage(png, storage);
    expect(first).toMatchObject({ contentType: "image/png", size: png.byteLength });
    expect(first.key).toMatch(/^[a-f0-9]{32}\.png$/);
    expect(first.url).toBe(`/uploads/${first.key}`);
    expect(second.key).not.toBe(first.key);
    expect(new Uint8Array(readFileSync(join(dir, "nested", first.key)))).toEqual(png);
    expect(readdirSync(join(dir, "nested")).sort()).toEqual([first.key, second.key].sort());
    expect(await storage.read(first.key)).toEqual({ bytes: expect.anything(), contentType: "image/png" });
  });

  test("a JPEG sent with any name is stored as .jpg", async () => {
    const stored = await saveImage(jpeg, new LocalStorage(dir));
    expect(stored.key).toMatch(/\.jpg$/);
    expect(stored.contentType).toBe("image/jpeg");
  });

  test("non-images (415) and files over 5 MB (413) are refused and nothing is written", async () => {
    const storage = new LocalStorage(dir);
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>');
    await expect(saveImage(svg, storage)).rejects.toMatchObject({
      status: 415,
      message: "Please upload only image files",
    });
    await expect(saveImage(new Uint8Array(5 * 1024 * 1024 + 1), storage)).rejects.toEqual(
      new HttpError(413, "File size should not exceed 5MB"),
    );
    expect(readdirSync(dir)).toEqual([]);
  });

  test("keyOf knows its own URLs only; read refuses other names; delete is idempotent", async () => {
    const storage = new LocalStorage(dir);
    const { key, url } = await saveImage(png, storage);
    expect(storage.keyOf(url)).toBe(key);
    expect(storage.keyOf(`https://elsewhere.example/uploads/${key}`)).toBeNull();
    expect(storage.keyOf("/uploads/../../etc/passwd")).toBeNull();
    expect(await storage.read("../secret.png")).toBeNull();
    await storage.delete(key);
    await storage.delete(key);
    expect(existsSync(join(dir, key))).toBe(false);
    expect(await storage.read(key)).toBeNull();
    await expect(storage.put("../escape.png", png, "image/png")).rejects.toThrow("Invalid storage key");
  });
});

describe("S3-compatible bucket", () => {
  const options = {
    bucket: "unisearch-images",
    endpoint: "https://s3.eu-west-1.amazonaws.com/",
    region: "eu-west-1",
    accessKeyId: "AKIDEXAMPLE",
    secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY",
    publicUrl: "https://images.example.com/",
  };

  test("put sends a SigV4-signed PUT of the bytes to {endpoint}/{bucket}/{key}", async () => {
    const fetchMock = jest.fn(async (_request: Request) => new Response(null, { status: 200 }));
    const storage = new S3Storage({ ...options, fetch: fetchMock as unknown as typeof fetch });
    const stored = await saveImage(png, storage);

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const request = fetchMock.mock.calls[0][0];
    expect(request.method).toBe("PUT");
    expect(request.url).toBe(`https://s3.eu-west-1.amazonaws.com/unisearch-images/${stored.key}`);
    expect(request.headers.get("content-type")).toBe("image/png");
    expect(request.headers.get("cache-control")).toBe(IMMUTABLE_CACHE);
    expect(request.headers.get("authorization")).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-west-1\/s3\/aws4_request, SignedHeaders=[a-z0-9;-]*host[a-z0-9;-]*, Signature=[0-9a-f]{64}$/,
    );
    expect(request.headers.get("x-amz-date")).toMatch(/^\d{8}T\d{6}Z$/);
    expect(new Uint8Array(await request.arrayBuffer())).toEqual(png);
    expect(stored.url).toBe(`https://images.example.com/${stored.key}`);
    expect(storage.keyOf(stored.url)).toBe(stored.key);
    expect(storage.keyOf(`/uploads/${stored.key}`)).toBeNull();
  });

  test("a refused PUT fails the upload; DELETE is signed and a missing object is fine", async () => {
    const refusing = jest.fn(async () => new Response("<Error>AccessDenied</Error>", { status: 403 }));
    const storage = new S3Storage({ ...options, fetch: refusing as unknown as typeof fetch });
    await expect(saveImage(png, storage)).rejects.toThrow(/S3 PUT .* failed: 403 <Error>AccessDenied/);

    const deleting = jest.fn(async (_request: Request) => new Response(null, { status: 404 }));
    const key = "0123456789abcdef0123456789abcdef.png";
    await new S3Storage({ ...options, fetch: deleting as unknown as typeof fetch }).delete(key);
    const request = deleting.mock.calls[0][0];
    expect(request.method).toBe("DELETE");
    expect(request.url).toBe(`https://s3.eu-west-1.amazonaws.com/unisearch-images/${key}`);
    expect(request.headers.get("authorization")).toMatch(/^AWS4-HMAC-SHA256 /);
  });
});

describe("configuration", () => {
  test("local disk by default (UPLOADS_DIR), the bucket when S3_BUCKET and its settings are set", () => {
    const local = storageFrom(parseEnv({ NODE_ENV: "test", UPLOADS_DIR: "/tmp/somewhere" }));
    expect(local).toBeInstanceOf(LocalStorage);
    expect((local as LocalStorage).dir).toBe("/tmp/somewhere");
    expect((storageFrom(parseEnv({ NODE_ENV: "test" })) as LocalStorage).dir).toMatch(/\.data\/uploads$/);

    const s3 = storageFrom(
      parseEnv({
        NODE_ENV: "test",
        S3_BUCKET: "b",
        S3_ENDPOINT: "https://s3.example.com",
        S3_ACCESS_KEY_ID: "id",
        S3_SECRET_ACCESS_KEY: "secret",
        S3_PUBLIC_URL: "https://cdn.example.com/images",
      }),
    );
    expect(s3.kind).toBe("s3");
    expect(s3.url("0123456789abcdef0123456789abcdef.gif")).toBe(
      "https://cdn.example.com/images/0123456789abcdef0123456789abcdef.gif",
    );
  });

  test("S3_BUCKET without the other settings names what is missing", () => {
    expect(() =>
      parseEnv({ NODE_ENV: "test", S3_BUCKET: "b", S3_ENDPOINT: "https://s3.example.com" }),
    ).toThrow(
      "S3_BUCKET is set, so these must be set too: S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_PUBLIC_URL",
    );
  });
});

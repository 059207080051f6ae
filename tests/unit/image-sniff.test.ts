import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  IMAGE_ONLY,
  IMAGE_TOO_LARGE,
  MAX_IMAGE_BYTES,
  checkImageFile,
  imageProblem,
  sniffImageType,
} from "@/lib/images/sniff";

const fixture = (name: string) => new Uint8Array(readFileSync(join(__dirname, "../fixtures/images", name)));

test.each([
  ["campus-red.jpg", "image/jpeg", "jpg"],
  ["campus-blue.png", "image/png", "png"],
  ["tiny.webp", "image/webp", "webp"],
  ["tiny.gif", "image/gif", "gif"],
])("%s is recognised from its bytes as %s", (name, mime, ext) => {
  expect(sniffImageType(fixture(name))).toEqual({ mime, ext });
  expect(imageProblem(fixture(name))).toBeNull();
});

test("SVG, text, HTML and empty files are not images", () => {
  const svg = new TextEncoder().encode(
    '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
  );
  expect(sniffImageType(svg)).toBeNull();
  expect(imageProblem(new TextEncoder().encode("just some text"))).toBe(IMAGE_ONLY);
  expect(imageProblem(new TextEncoder().encode("<!doctype html><p>hi</p>"))).toBe(IMAGE_ONLY);
  expect(imageProblem(new Uint8Array())).toBe(IMAGE_ONLY);
});

test.each(["campus-red.jpg", "campus-blue.png", "tiny.webp", "tiny.gif"])(
  "%s cut short is refused",
  (name) => {
    const bytes = fixture(name);
    expect(sniffImageType(bytes.subarray(0, Math.floor(bytes.length / 2)))).toBeNull();
    expect(sniffImageType(bytes.subarray(0, 4))).toBeNull();
  },
);

test("a text file that only starts with an image signature is refused", () => {
  const fake = new Uint8Array([
    0x89,
    0x50,
    0x4e,
    0x47,
    0x0d,
    0x0a,
    0x1a,
    0x0a,
    ...new TextEncoder().encode("x".repeat(64)),
  ]);
  expect(sniffImageType(fake)).toBeNull();
  const gifHeaderOnly = new TextEncoder().encode("GIF89a hello world");
  expect(sniffImageType(gifHeaderOnly)).toBeNull();
});

test("more than 5 MB is refused with 'File size should not exceed 5MB'; exactly 5 MB is fine", () => {
  const png = fixture("campus-blue.png");
  // A PNG padded before its IEND chunk stays a PNG by its bytes; only the size differs.
  const pad = (size: number) => {
    const bytes = new Uint8Array(size);
    bytes.set(png.subarray(0, png.length - 12));
    bytes.set(png.subarray(png.length - 12), size - 12);
    return bytes;
  };
  expect(imageProblem(pad(MAX_IMAGE_BYTES))).toBeNull();
  expect(imageProblem(pad(MAX_IMAGE_BYTES + 1))).toBe(IMAGE_TOO_LARGE);
});

describe("checkImageFile (the browser's check)", () => {
  const file = (bytes: Uint8Array, type: string) => new File([bytes as BlobPart], "x", { type });

  test("a real image passes; its bytes decide, not the declared type", async () => {
    expect(await checkImageFile(file(fixture("campus-red.jpg"), "image/jpeg"))).toBeNull();
    expect(await checkImageFile(file(fixture("campus-red.jpg"), ""))).toBeNull();
    expect(await checkImageFile(file(new TextEncoder().encode("hello"), "image/png"))).toBe(IMAGE_ONLY);
  });

  test("SVG and non-image types are refused before reading", async () => {
    expect(await checkImageFile(file(fixture("campus-blue.png"), "image/svg+xml"))).toBe(IMAGE_ONLY);
    expect(await checkImageFile(file(fixture("campus-blue.png"), "application/pdf"))).toBe(IMAGE_ONLY);
  });

  test("too large is refused", async () => {
    const big = new Uint8Array(MAX_IMAGE_BYTES + 1);
    expect(await checkImageFile(file(big, "image/png"))).toBe(IMAGE_TOO_LARGE);
  });
});

import { strFromU8, unzipSync } from "fflate";
import { zipStream, type ZipEntry } from "@/lib/http/zip-stream.server";

// The data archive is written while it downloads: the files come out whole and named as given,
// a file is opened only when the reader gets to it, and a cancelled download closes what it read.

const bytes = (length: number, seed = 1) => Uint8Array.from({ length }, (_, i) => (i * seed) % 251);

/** A file as storage gives it: a stream of 64 KiB chunks, recording how far it was read. */
function storedFile(content: Uint8Array) {
  const state = { opened: false, chunksRead: 0, cancelled: false };
  const open = async () => {
    state.opened = true;
    let offset = 0;
    return new ReadableStream<Uint8Array>({
      pull(controller) {
        if (offset >= content.length) return controller.close();
        controller.enqueue(content.slice(offset, offset + 65_536));
        offset += 65_536;
        state.chunksRead += 1;
      },
      cancel() {
        state.cancelled = true;
      },
    });
  };
  return { open, state };
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

test("the archive holds each file whole, under its name, compressed or stored", async () => {
  const pdf = bytes(300_000, 7);
  const stored = storedFile(pdf);
  const entries: ZipEntry[] = [
    { name: "data.json", content: new TextEncoder().encode('{"a":1}'), compress: true },
    { name: "documents/application-1/7-Zeugnis Müller.pdf", content: stored.open, compress: false },
    { name: "documents/gone.pdf", content: async () => null, compress: false },
    { name: "index.html", content: new TextEncoder().encode("<p>hi</p>".repeat(1000)), compress: true },
  ];
  const files = unzipSync(await readAll(zipStream(entries)));
  expect(Object.keys(files)).toEqual([
    "data.json",
    "documents/application-1/7-Zeugnis Müller.pdf",
    "index.html",
  ]);
  expect(strFromU8(files["data.json"])).toBe('{"a":1}');
  expect(files["documents/application-1/7-Zeugnis Müller.pdf"]).toEqual(pdf);
  expect(strFromU8(files["index.html"])).toBe("<p>hi</p>".repeat(1000));
});

test("a file is read only as the download reaches it, and a cancelled download closes it", async () => {
  const first = storedFile(bytes(1_000_000, 3));
  const second = storedFile(bytes(1_000_000, 5));
  const stream = zipStream([
    { name: "a.pdf", content: first.open, compress: false },
    { name: "b.pdf", content: second.open, compress: false },
  ]);
  const reader = stream.getReader();
  await reader.read();
  await reader.read();
  // Two reads of the archive took about two chunks of the first file, not the files whole.
  expect(first.state.chunksRead).toBeLessThanOrEqual(3);
  expect(second.state.opened).toBe(false);
  await reader.cancel();
  expect(first.state.cancelled).toBe(true);
  expect(second.state.opened).toBe(false);
});

test("a file that fails to read breaks the download instead of ending it short", async () => {
  const failing = async () =>
    new ReadableStream<Uint8Array>({
      pull() {
        throw new Error("the disk went away");
      },
    });
  await expect(readAll(zipStream([{ name: "a.pdf", content: failing, compress: false }]))).rejects.toThrow(
    "the disk went away",
  );
});

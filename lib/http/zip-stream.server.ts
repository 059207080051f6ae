import "server-only";
import { Zip, ZipDeflate, ZipPassThrough } from "fflate";

// A ZIP archive written as it is read: each file is added when the reader asks for more bytes, and
// a file that comes as a stream (a document from storage) is read one chunk at a time, so the
// server holds about one chunk of it however large the archive grows, and a reader that stops
// reading (a cancelled download) stops the work. fflate writes the ZIP format.

export interface ZipEntry {
  /** The path inside the archive, with forward slashes ("documents/transcript.pdf"). */
  name: string;
  /** The file's bytes, or a function opening them as a stream (null when they are gone). */
  content: Uint8Array | (() => Promise<ReadableStream<Uint8Array> | null>);
  /** Text compresses; PDFs and images are compressed already and are stored as they are. */
  compress: boolean;
  modified?: Date;
}

/**
 * The archive of `entries` as a byte stream. An entry whose opener returns null is left out; a
 * failing read errors the stream (the download breaks rather than ends short but "complete").
 */
export function zipStream(entries: Iterable<ZipEntry> | AsyncIterable<ZipEntry>): ReadableStream<Uint8Array> {
  const ready: Uint8Array[] = [];
  let finished = false;
  let failure: Error | null = null;
  const zip = new Zip((error, chunk, final) => {
    if (error) failure = error;
    else {
      if (chunk.length > 0) ready.push(chunk);
      if (final) finished = true;
    }
  });

  async function* write(): AsyncGenerator<void> {
    for await (const entry of entries) {
      const file = entry.compress ? new ZipDeflate(entry.name, { level: 6 }) : new ZipPassThrough(entry.name);
      if (entry.modified) file.mtime = entry.modified;
      if (entry.content instanceof Uint8Array) {
        zip.add(file);
        file.push(entry.content, true);
        yield;
        continue;
      }
      const stream = await entry.content();
      if (!stream) continue;
      zip.add(file);
      const reader = stream.getReader();
      let read = false;
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          file.push(value);
          yield;
        }
        read = true;
      } finally {
        // A download cancelled halfway closes the file it was reading.
        if (!read) await reader.cancel().catch(() => undefined);
        reader.releaseLock();
      }
      file.push(new Uint8Array(0), true);
      yield;
    }
    zip.end();
  }
  const steps = write();

  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      while (ready.length === 0 && !finished && !failure) {
        const step = await steps.next();
        if (step.done) break;
      }
      if (failure) throw failure;
      for (const chunk of ready.splice(0)) controller.enqueue(chunk);
      if (finished) controller.close();
    },
    async cancel() {
      await steps.return(undefined);
    },
  });
}

// First: DOCUMENTS_DIR must point at a temporary folder before the storage module reads it.
import { documentsDir } from "../support/temp-documents";
import { rmSync } from "node:fs";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { PUT as putDocument } from "@/app/api/applications/drafts/[programId]/documents/[typeId]/route";
import { prisma } from "@/lib/db/client.server";
import { MAX_DOCUMENT_BYTES } from "@/lib/documents/limits";
import { readBody } from "@/lib/http/body.server";
import { HttpError } from "@/lib/http/errors";
import { makeJpeg } from "../support/documents";
import { cleanup, createUniversity, createUser, uniqueTag } from "../support/factories";
import { signIn } from "../support/roles";

// An upload streams to disk: the server's memory does not grow by the file's size while a
// 10 MB document arrives. Measured as the memory still held after a full garbage collection
// (heap and array buffers), sampled as the last chunks are handed over, so garbage that has not
// been collected yet counts for nothing and the figure does not depend on timing. The same
// measurement around the buffering reader (readBody) shows that it would see a buffered file.

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

const FILE_SIZE = MAX_DOCUMENT_BYTES - 1024;
const CHUNK = 64 * 1024;
/** Generous: half the file. A server holding the file would be at its whole size or more. */
const MARGIN = FILE_SIZE / 2;

function retained(): number {
  // Twice: V8 frees the memory of collected array buffers in a sweep that may still be running
  // after one collection; the second one completes it.
  gc();
  gc();
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}

/**
 * A JPEG of `size` bytes made on the fly, one chunk at a time (the sender holds none), and
 * the most memory retained beyond `baseline` seen while it was read.
 */
function jpegStream(size: number) {
  const jpeg = makeJpeg(800, 600, 0);
  const head = jpeg.subarray(0, jpeg.length - 2);
  const filler = new Uint8Array(CHUNK).fill(0x5a);
  const state = { baseline: 0, peak: 0 };
  let sent = 0;
  let chunks = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent === 0) {
        controller.enqueue(head.slice());
        sent = head.length;
        return;
      }
      const left = size - 2 - sent;
      if (left <= 0) {
        controller.enqueue(new Uint8Array([0xff, 0xd9]));
        state.peak = Math.max(state.peak, retained() - state.baseline);
        controller.close();
        return;
      }
      // The last quarter of the file: had the server kept the chunks, most of the file is held now.
      chunks += 1;
      if (sent > (size * 3) / 4 && chunks % 8 === 0) {
        state.peak = Math.max(state.peak, retained() - state.baseline);
      }
      const length = Math.min(CHUNK, left);
      // A fresh chunk each time, as from the network: whoever keeps chunks keeps memory.
      controller.enqueue(filler.slice(0, length));
      sent += length;
    },
  });
  return { stream, state };
}

afterAll(async () => {
  await cleanup();
  rmSync(documentsDir, { recursive: true, force: true });
});

test("uploading a 10 MB document does not grow the server's memory by the file's size", async () => {
  const university = await createUniversity({
    name: `Memory ${uniqueTag()} University`,
    programs: [{ name: "Imaging" }],
  });
  const programId = university.programs[0].id;
  const passport = await prisma.documentType.findUniqueOrThrow({ where: { name: "Passport" } });
  await prisma.programDocument.create({ data: { programId, documentType: passport.name, required: true } });
  const student = await signIn((await createUser({ role: "student" })).username);

  const send = (body: ReadableStream<Uint8Array>) =>
    student.call(putDocument, `/api/applications/drafts/${programId}/documents/${passport.id}`, {
      method: "PUT",
      body,
      params: { programId: String(programId), typeId: String(passport.id) },
    });
  // A small upload first: the database client's first queries of this path build caches that
  // stay (query plans, the query compiler's memory), which are not the file's.
  expect((await send(jpegStream(256 * 1024).stream)).status).toBe(201);

  const { stream, state } = jpegStream(FILE_SIZE);
  state.baseline = retained();
  const response = await student.call(
    putDocument,
    `/api/applications/drafts/${programId}/documents/${passport.id}`,
    {
      method: "PUT",
      body: stream,
      params: { programId: String(programId), typeId: String(passport.id) },
    },
  );
  expect(response.status).toBe(201);
  expect((await response.json()).size).toBe(FILE_SIZE);
  expect(state.peak).toBeLessThan(MARGIN);
});

test("the same measurement sees a reader that buffers the body", async () => {
  const { stream, state } = jpegStream(FILE_SIZE);
  state.baseline = retained();
  const request = new Request("http://localhost/", {
    method: "PUT",
    body: stream,
    duplex: "half",
  } as RequestInit);
  const bytes = await readBody(request, MAX_DOCUMENT_BYTES, () => new HttpError(413, "too large"));
  expect(bytes.length).toBe(FILE_SIZE);
  expect(state.peak).toBeGreaterThan(MARGIN);
});

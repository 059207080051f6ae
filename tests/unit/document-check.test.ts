import { checkDocument, scanBytes } from "@/lib/documents/check.server";
import {
  IMAGE_BOMB,
  MAX_IMAGE_SIDE,
  PDF_EMBEDDED_FILES,
  PDF_JAVASCRIPT,
  PDF_LAUNCH,
  POLYGLOT,
  safeDocumentName,
  wrongFileTypeMessage,
} from "@/lib/documents/limits";
import { HttpError } from "@/lib/http/errors";
import { joinBytes, makeJpeg, makePdf, makePng, ZIP_END, ZIP_ENTRY } from "../support/documents";

const ALL = ["application/pdf", "image/jpeg", "image/png"];

async function check(bytes: Uint8Array, allowed = ALL) {
  // Small chunks, so markers and signatures fall across chunk boundaries as they do on the wire.
  return checkDocument(scanBytes(bytes, 7), allowed, async () => bytes);
}

async function refusal(bytes: Uint8Array, allowed = ALL): Promise<{ status: number; message: string }> {
  try {
    await check(bytes, allowed);
  } catch (error) {
    if (error instanceof HttpError) return { status: error.status, message: error.message };
    throw error;
  }
  throw new Error("the file was accepted");
}

describe("documents are checked by content", () => {
  test("a plain PDF, JPEG and PNG are accepted as what they are", async () => {
    await expect(check(await makePdf())).resolves.toBe("application/pdf");
    await expect(check(makeJpeg())).resolves.toBe("image/jpeg");
    await expect(check(makePng())).resolves.toBe("image/png");
  });

  test("a file of another type than the document takes is refused whatever it is named", async () => {
    expect(await refusal(makePng(), ["application/pdf"])).toEqual({
      status: 415,
      message: wrongFileTypeMessage(["application/pdf"]),
    });
    expect(wrongFileTypeMessage(["application/pdf"])).toBe(
      "This document must be a PDF file (checked by its content, not its name).",
    );
  });

  test("wrong magic bytes are refused", async () => {
    const text = new TextEncoder().encode("Just a text file pretending to be a PDF");
    expect((await refusal(text)).status).toBe(415);
    const html = new TextEncoder().encode("<html><script>alert(1)</script></html>");
    expect((await refusal(html)).status).toBe(415);
    // A PDF header anywhere but the very start (readers accept it; we do not).
    const pdf = await makePdf();
    expect((await refusal(joinBytes(new Uint8Array([0x20]), pdf))).status).toBe(415);
    // Cut short: the trailer is missing.
    expect((await refusal(pdf.subarray(0, pdf.length - 40))).status).toBe(415);
    expect((await refusal(makePng().subarray(0, 40))).status).toBe(415);
    expect((await refusal(new Uint8Array())).status).toBe(400);
  });

  test.each([
    ["JavaScript run on opening", "openActionJavaScript", PDF_JAVASCRIPT],
    ["a JavaScript name tree", "namesJavaScript", PDF_JAVASCRIPT],
    ["a link annotation's JavaScript", "annotationJavaScript", PDF_JAVASCRIPT],
    ["a launch action", "launch", PDF_LAUNCH],
    ["an embedded file", "embeddedFile", PDF_EMBEDDED_FILES],
  ] as const)("a PDF with %s is refused with its reason", async (_, hostile, message) => {
    expect(await refusal(await makePdf(hostile))).toEqual({ status: 422, message });
  });

  test("polyglots are refused", async () => {
    expect(await refusal(joinBytes(await makePdf(), ZIP_END))).toEqual({ status: 422, message: POLYGLOT });
    // A ZIP member inside an image's data, and a web page inside a PNG.
    const jpeg = makeJpeg();
    expect((await refusal(joinBytes(jpeg.subarray(0, 60), ZIP_ENTRY, jpeg.subarray(60)))).message).toBe(
      POLYGLOT,
    );
    const png = makePng();
    const page = new TextEncoder().encode("<HTML><SCRIPT>alert(1)</SCRIPT>");
    expect((await refusal(joinBytes(png.subarray(0, 41), page, png.subarray(41)))).message).toBe(POLYGLOT);
    // A PDF that starts as a web page for a browser that sniffs.
    const pdf = await makePdf();
    const early = joinBytes(
      pdf.subarray(0, 9),
      new TextEncoder().encode("<script>x</script>"),
      pdf.subarray(9),
    );
    expect((await refusal(early)).message).toBe(POLYGLOT);
  });

  test("image bombs are refused by their declared size", async () => {
    expect(await refusal(makePng(10_000, 10_000))).toEqual({ status: 422, message: IMAGE_BOMB });
    expect((await refusal(makeJpeg(MAX_IMAGE_SIDE + 1, 10))).message).toBe(IMAGE_BOMB);
    expect((await refusal(makePng(1, 0xffffffff))).message).toBe(IMAGE_BOMB);
    await expect(check(makeJpeg(MAX_IMAGE_SIDE, 2000))).resolves.toBe("image/jpeg");
  });
});

describe("file names are made safe", () => {
  test.each([
    ["../../etc/passwd", "passwd"],
    ["C:\\Users\\me\\transcript.pdf", "transcript.pdf"],
    ["report\u202Efdp.exe", "reportfdp.exe"],
    ["line\nbreak\r\u0000.pdf", "linebreak.pdf"],
    ["  ...hidden.pdf ", "hidden.pdf"],
    ["/", "document"],
    ["\u0007\u0008", "document"],
    ["Zeugnis Müller.pdf", "Zeugnis Müller.pdf"],
  ])("%j becomes %j", (name, safe) => {
    expect(safeDocumentName(name)).toBe(safe);
  });

  test("a long name is cut and keeps its extension", () => {
    const safe = safeDocumentName(`${"a".repeat(300)}.pdf`);
    expect(safe).toHaveLength(120);
    expect(safe.endsWith(".pdf")).toBe(true);
  });
});

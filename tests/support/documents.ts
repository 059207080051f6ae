import { PDFDocument, PDFName, PDFString } from "pdf-lib";

// Small files of every kind the document checks meet, well-formed or hostile, made in memory.

/** A one-page PDF; `hostile` adds what the upload check must refuse. */
export async function makePdf(
  hostile?: "openActionJavaScript" | "namesJavaScript" | "launch" | "embeddedFile" | "annotationJavaScript",
): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const page = document.addPage([200, 200]);
  page.drawText("Transcript", { x: 20, y: 100, size: 12 });
  const context = document.context;
  if (hostile === "openActionJavaScript") {
    const action = context.obj({ Type: "Action", S: "JavaScript", JS: PDFString.of("app.alert(1)") });
    document.catalog.set(PDFName.of("OpenAction"), context.register(action));
  }
  if (hostile === "namesJavaScript") {
    const action = context.register(context.obj({ S: "JavaScript", JS: PDFString.of("app.alert(2)") }));
    const tree = context.obj({ Names: [PDFString.of("hello"), action] });
    document.catalog.set(PDFName.of("Names"), context.obj({ JavaScript: context.register(tree) }));
  }
  if (hostile === "launch") {
    const action = context.obj({ S: "Launch", F: PDFString.of("calc.exe") });
    document.catalog.set(PDFName.of("OpenAction"), context.register(action));
  }
  if (hostile === "annotationJavaScript") {
    const annotation = context.obj({
      Type: "Annot",
      Subtype: "Link",
      Rect: [0, 0, 50, 50],
      A: { S: "JavaScript", JS: PDFString.of("app.alert(3)") },
    });
    page.node.set(PDFName.of("Annots"), context.obj([context.register(annotation)]));
  }
  if (hostile === "embeddedFile") {
    await document.attach(new TextEncoder().encode("hidden"), "payload.txt", { mimeType: "text/plain" });
  }
  // Object streams (the default) compress most objects: the check must see inside them.
  return document.save({ useObjectStreams: true });
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  return out; // the CRC is left 0: the check reads structure, not checksums
}

function join(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** A PNG declaring width x height, with `padding` bytes of image data (the size of the file). */
export function makePng(width = 40, height = 30, padding = 16): Uint8Array {
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 2, 0, 0, 0], 8);
  return join(
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", new Uint8Array(padding).fill(0x5a)),
    chunk("IEND", new Uint8Array()),
  );
}

/** A baseline JPEG declaring width x height, with `padding` bytes of scan data. */
export function makeJpeg(width = 40, height = 30, padding = 16): Uint8Array {
  const app0 = [
    0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00,
    0x00,
  ];
  const sof = [
    0xff,
    0xc0,
    0x00,
    0x11,
    0x08,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    0x03,
    1,
    0x22,
    0,
    2,
    0x11,
    1,
    3,
    0x11,
    1,
  ];
  const sos = [0xff, 0xda, 0x00, 0x0c, 0x03, 1, 0, 2, 0x11, 3, 0x11, 0x00, 0x3f, 0x00];
  return join(
    new Uint8Array([0xff, 0xd8, ...app0, ...sof, ...sos]),
    new Uint8Array(padding).fill(0x5a),
    new Uint8Array([0xff, 0xd9]),
  );
}

/** A ZIP archive's end-of-directory record: appended to an image or a PDF, it makes a polyglot. */
export const ZIP_END = new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)]);
export const ZIP_ENTRY = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 20, 0, 0, 0, 0, 0]);

export { join as joinBytes };

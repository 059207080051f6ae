/** @jest-environment jsdom */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { useState } from "react";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { toast } from "sonner";
import { ImageUpload } from "@/components/admin/image-upload";

// The upload field of the University form: real progress from XMLHttpRequest
// (scaled to 90 while sending, 100 when stored, gone 1 s later), content checks before sending,
// at most 3 images in multiple mode, each removable.

jest.mock("sonner", () => ({ toast: { error: jest.fn(), warning: jest.fn(), success: jest.fn() } }));

const png = readFileSync(join(__dirname, "../fixtures/images/campus-blue.png"));

/** A stand-in for XMLHttpRequest that the test answers by hand. */
class FakeXhr {
  static all: FakeXhr[] = [];
  upload: { onprogress: ((event: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  withCredentials = false;
  status = 0;
  statusText = "";
  responseText = "";
  method = "";
  url = "";
  headers: Record<string, string> = {};
  body: unknown;
  constructor() {
    FakeXhr.all.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {}
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total }));
  }
  async respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === "string" ? body : JSON.stringify(body);
    await act(async () => this.onload?.());
  }
}

// jsdom's Blob has no arrayBuffer(); browsers do.
beforeAll(() => {
  Blob.prototype.arrayBuffer ??= function (this: Blob) {
    return new Promise<ArrayBuffer>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.onerror = () => reject(reader.error);
      reader.readAsArrayBuffer(this);
    });
  };
});

beforeEach(() => {
  FakeXhr.all = [];
  (global as unknown as { XMLHttpRequest: unknown }).XMLHttpRequest = FakeXhr;
  jest.mocked(toast.error).mockClear();
  jest.mocked(toast.warning).mockClear();
});

function Field({ multiple = false, initial = [] as string[], onChange = jest.fn() }) {
  const [value, setValue] = useState(initial);
  return (
    <ImageUpload
      label={multiple ? "Campus Gallery Images" : "Main Image"}
      itemName={multiple ? "Campus image" : "Main image"}
      multiple={multiple}
      value={value}
      onChange={(urls) => {
        setValue(urls);
        onChange(urls);
      }}
    />
  );
}

const image = (name: string) => new File([png], name, { type: "image/png" });

async function choose(label: string, files: File[]) {
  await act(async () => {
    fireEvent.change(screen.getByLabelText(label), { target: { files } });
  });
}

test("a file is sent alone to /api/uploads with credentials; its bar follows the bytes to 90, then 100, then goes", async () => {
  const onChange = jest.fn();
  render(<Field onChange={onChange} />);
  await choose("Upload main image", [image("hall.png")]);

  await waitFor(() => expect(FakeXhr.all).toHaveLength(1));
  const xhr = FakeXhr.all[0];
  expect(xhr).toMatchObject({ method: "POST", url: "/api/uploads", withCredentials: true });
  expect(xhr.headers["Content-Type"]).toBe("image/png");
  expect(xhr.body).toBeInstanceOf(File);

  const bar = screen.getByRole("progressbar", { name: "Uploading hall.png" });
  expect(bar).toHaveAttribute("aria-valuenow", "0");
  xhr.progress(50, 100);
  expect(bar).toHaveAttribute("aria-valuenow", "45");
  xhr.progress(100, 100);
  expect(bar).toHaveAttribute("aria-valuenow", "90");

  await xhr.respond(201, { url: "/uploads/0123456789abcdef0123456789abcdef.png" });
  expect(screen.getByRole("progressbar", { name: "Uploading hall.png" })).toHaveAttribute(
    "aria-valuenow",
    "100",
  );
  expect(onChange).toHaveBeenCalledWith(["/uploads/0123456789abcdef0123456789abcdef.png"]);
  expect(screen.getByRole("img", { name: "Main image preview" })).toBeInTheDocument();

  await new Promise((resolve) => setTimeout(resolve, 600));
  expect(screen.queryByRole("progressbar")).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole("progressbar")).not.toBeInTheDocument(), { timeout: 1500 });
});

test("a removed image leaves the list", async () => {
  const onChange = jest.fn();
  render(<Field multiple initial={["/uploads/a.png", "/uploads/b.png"]} onChange={onChange} />);
  fireEvent.click(screen.getByRole("button", { name: "Remove campus image 1" }));
  expect(onChange).toHaveBeenLastCalledWith(["/uploads/b.png"]);
  expect(screen.getAllByRole("img")).toHaveLength(1);
});

test("multiple mode keeps at most 3 images: only the files that fit are sent", async () => {
  render(<Field multiple initial={["/uploads/a.png"]} />);
  await choose("Upload campus images", [image("1.png"), image("2.png"), image("3.png")]);
  await waitFor(() => expect(FakeXhr.all).toHaveLength(2));
  expect(toast.warning).toHaveBeenCalled();
  await FakeXhr.all[0].respond(201, { url: "/uploads/one.png" });
  await FakeXhr.all[1].respond(201, { url: "/uploads/two.png" });
  expect(screen.getAllByRole("img")).toHaveLength(3);
  expect(screen.queryByLabelText("Upload campus images")).not.toBeInTheDocument();
});

test("files that are not images, by type or by content, are refused before sending", async () => {
  render(<Field multiple />);
  await choose("Upload campus images", [new File(["hello"], "notes.txt", { type: "text/plain" })]);
  expect(await screen.findByRole("alert")).toHaveTextContent("Please upload only image files");
  await choose("Upload campus images", [new File(["<svg/>"], "logo.png", { type: "image/png" })]);
  await waitFor(() => expect(toast.error).toHaveBeenCalledTimes(2));
  expect(toast.error).toHaveBeenLastCalledWith("Error", { description: "Please upload only image files" });
  await choose("Upload campus images", [
    new File([new Uint8Array(5 * 1024 * 1024 + 1)], "big.png", { type: "image/png" }),
  ]);
  await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("File size should not exceed 5MB"));
  expect(FakeXhr.all).toHaveLength(0);
});

test("a refusal shows the server's message; a failure without one says 'Error processing images'", async () => {
  render(<Field />);
  await choose("Upload main image", [image("a.png")]);
  await waitFor(() => expect(FakeXhr.all).toHaveLength(1));
  await FakeXhr.all[0].respond(415, { error: "Please upload only image files" });
  expect(await screen.findByRole("alert")).toHaveTextContent("Please upload only image files");
  expect(screen.queryByRole("progressbar")).not.toBeInTheDocument();

  await choose("Upload main image", [image("b.png")]);
  await waitFor(() => expect(FakeXhr.all).toHaveLength(2));
  act(() => FakeXhr.all[1].onerror?.());
  await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("Error processing images"));
});

test("files chosen together join the gallery in the order they were chosen, whichever arrives first", async () => {
  const onChange = jest.fn();
  render(<Field multiple onChange={onChange} />);
  await choose("Upload campus images", [image("first.png"), image("second.png")]);
  await waitFor(() => expect(FakeXhr.all).toHaveLength(2));
  const [first, second] = FakeXhr.all;
  await second.respond(201, { url: "/uploads/second.png" });
  expect(onChange).not.toHaveBeenCalled();
  await first.respond(201, { url: "/uploads/first.png" });
  await waitFor(() =>
    expect(onChange).toHaveBeenLastCalledWith(["/uploads/first.png", "/uploads/second.png"]),
  );
});

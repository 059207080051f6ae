"use client";

import { useEffect, useId, useRef, useState } from "react";
import Image from "next/image";
import { ImagePlusIcon, XIcon } from "lucide-react";
import { toast } from "sonner";
import { Progress } from "@/components/ui/progress";
import { bypassesOptimizer } from "@/components/university/image-src";
import { errorMessage, NETWORK_FAILURE, UNKNOWN_FAILURE } from "@/lib/http/client";
import { checkImageFile, IMAGE_FAILED } from "@/lib/images/sniff";
import { uploadImage } from "@/lib/images/upload-client";
import { cn } from "@/lib/utils";

/** How long a finished file's progress bar stays at 100 before it goes. */
export const PROGRESS_CLEAR_MS = 1000;

type Upload = { id: number; name: string; percent: number };

type ImageUploadProps = {
  /** The heading of the group ("Main Image"). */
  label: string;
  /** Several images (up to `max`) or a single one. */
  multiple?: boolean;
  max?: number;
  /** The stored images' URLs, in order. */
  value: string[];
  onChange: (urls: string[]) => void;
  /** Called with true while any file is being sent, so the form can wait for it. */
  onBusyChange?: (busy: boolean) => void;
  /** What an image is called in its alt text and remove button ("Main image", "Campus image"). */
  itemName: string;
  hint?: string;
  error?: string;
};

/**
 * Image upload of the University form: each chosen file is checked in the browser (type,
 * 5 MB, its bytes), then sent on its own to POST /api/uploads with a progress bar that follows
 * the bytes sent up to 90, shows 100 when stored and goes 1 second later. Each image can be removed.
 */
export function ImageUpload({
  label,
  multiple = false,
  max = multiple ? 3 : 1,
  value,
  onChange,
  onBusyChange,
  itemName,
  hint,
  error,
}: ImageUploadProps) {
  const id = useId();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const nextId = useRef(0);
  // Uploads finish after renders; they add to the latest list, not the one they started with.
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  }, [value]);
  const inFlight = useRef(0);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => onBusyChange?.(uploads.some((u) => u.percent < 100)), [uploads, onBusyChange]);
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  const setPercent = (uploadId: number, percent: number) =>
    setUploads((list) => list.map((u) => (u.id === uploadId ? { ...u, percent } : u)));
  const dropUpload = (uploadId: number) => setUploads((list) => list.filter((u) => u.id !== uploadId));

  function fail(message: string) {
    setProblem(message);
    toast.error("Error", { description: message });
  }

  /** Uploads one file; resolves to its URL, or null once the failure has been shown. */
  async function send(file: File): Promise<string | null> {
    const uploadId = nextId.current++;
    inFlight.current++;
    setUploads((list) => [...list, { id: uploadId, name: file.name, percent: 0 }]);
    try {
      const stored = await uploadImage(file, (percent) => setPercent(uploadId, percent));
      setPercent(uploadId, 100);
      const timer = setTimeout(() => {
        timers.current.delete(timer);
        dropUpload(uploadId);
      }, PROGRESS_CLEAR_MS);
      timers.current.add(timer);
      return stored.url;
    } catch (failure) {
      dropUpload(uploadId);
      const message = errorMessage(failure);
      fail([UNKNOWN_FAILURE, NETWORK_FAILURE].includes(message) ? IMAGE_FAILED : message);
      return null;
    } finally {
      inFlight.current--;
    }
  }

  async function choose(event: React.ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.target.files ?? []);
    event.target.value = ""; // the same file may be chosen again after a removal
    setProblem(null);
    const room = multiple ? Math.max(0, max - latest.current.length - inFlight.current) : 1;
    const accepted: File[] = [];
    try {
      for (const file of files.slice(0, room)) {
        const message = await checkImageFile(file);
        if (message) {
          fail(message);
          continue;
        }
        accepted.push(file);
      }
    } catch {
      fail(IMAGE_FAILED);
      return;
    }
    if (files.length > room && multiple) {
      toast.warning("Warning", { description: `Only ${max} images can be added; the others were left out.` });
    }
    // The files travel together but join the list in the order they were chosen.
    const uploaded = accepted.map(send);
    for (const pending of uploaded) {
      const url = await pending;
      if (!url) continue;
      const next = multiple ? [...latest.current, url].slice(0, max) : [url];
      latest.current = next;
      onChange(next);
    }
  }

  const remove = (index: number) => {
    const next = value.filter((_, i) => i !== index);
    latest.current = next;
    onChange(next);
  };

  const sending = uploads.filter((u) => u.percent < 100).length;
  // Multiple: room for another image; single: a new file replaces the image, once sending is done.
  const canChoose = multiple ? value.length + sending < max : sending === 0;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const message = problem ?? error;

  return (
    <fieldset
      className="grid gap-3"
      aria-describedby={[hint ? hintId : "", message ? errorId : ""].join(" ").trim() || undefined}
    >
      <legend className="mb-2 text-sm leading-none font-medium text-slate-900">{label}</legend>

      {value.length > 0 && (
        <ul className={cn("grid gap-3", multiple ? "grid-cols-2 sm:grid-cols-3" : "max-w-sm grid-cols-1")}>
          {value.map((url, index) => {
            const name = multiple ? `${itemName} ${index + 1}` : itemName;
            return (
              <li
                key={url}
                className="relative aspect-[4/3] overflow-hidden rounded-lg border border-slate-200 bg-slate-100"
              >
                <Image
                  src={url}
                  alt={`${name} preview`}
                  fill
                  sizes="(min-width: 640px) 240px, 50vw"
                  unoptimized={bypassesOptimizer(url)}
                  className="object-cover"
                />
                <button
                  type="button"
                  onClick={() => remove(index)}
                  className="absolute top-2 right-2 inline-flex size-8 items-center justify-center rounded-full bg-white/95 text-slate-800 shadow-sm ring-1 ring-slate-900/10 hover:bg-red-50 hover:text-red-700 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
                >
                  <XIcon className="size-4" aria-hidden="true" />
                  <span className="sr-only">Remove {name.toLowerCase()}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}

      {uploads.length > 0 && (
        <ul className="grid gap-2" aria-label={`${label} uploads`}>
          {uploads.map((upload) => (
            <li key={upload.id} className="grid gap-1 text-sm text-slate-700">
              <span className="flex justify-between gap-2">
                <span className="truncate">{upload.name}</span>
                <span className="tabular-nums">{upload.percent}%</span>
              </span>
              <Progress value={upload.percent} aria-label={`Uploading ${upload.name}`} />
            </li>
          ))}
        </ul>
      )}

      {canChoose && (
        <div>
          <input
            id={id}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif"
            multiple={multiple}
            onChange={choose}
            className="peer sr-only"
          />
          <label
            htmlFor={id}
            className="flex cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed border-slate-300 bg-white px-4 py-6 text-center text-sm text-slate-700 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-600 peer-focus-visible:ring-offset-2 hover:border-brand-600 hover:bg-brand-50"
          >
            <ImagePlusIcon className="size-6 text-slate-500" aria-hidden="true" />
            <span className="font-medium text-brand-700">
              {multiple
                ? `Upload ${itemName.toLowerCase()}s`
                : value.length
                  ? `Replace ${itemName.toLowerCase()}`
                  : `Upload ${itemName.toLowerCase()}`}
            </span>
          </label>
        </div>
      )}

      {hint && (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      {message && (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
          {message}
        </p>
      )}
    </fieldset>
  );
}

import { ApiError } from "@/lib/http/client";
import type { StoredImage } from "@/lib/storage/storage.server";

// Sends one file to POST /api/uploads with XMLHttpRequest, whose upload.onprogress reports the
// bytes actually sent (fetch cannot). Progress climbs to 90 while sending; the caller shows 100
// when the server has answered. A failure is an ApiError like apiFetch's, so errorMessage() reads
// the server's message; a network failure is a TypeError.

export const UPLOAD_ENDPOINT = "/api/uploads";

/** The share of the bar that sending fills; the rest is the server's answer. */
export const SENDING_SHARE = 90;

export type UploadedImage = Pick<StoredImage, "url" | "key" | "contentType" | "size">;

export function uploadImage(
  file: Blob,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<UploadedImage> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", UPLOAD_ENDPOINT);
    xhr.withCredentials = true;
    xhr.setRequestHeader("Content-Type", file.type || "application/octet-stream");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress(Math.min(SENDING_SHARE, Math.round((event.loaded / event.total) * SENDING_SHARE)));
      }
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as UploadedImage);
        } catch {
          reject(new ApiError(xhr.status, xhr.responseText || xhr.statusText));
        }
      } else {
        reject(new ApiError(xhr.status, xhr.responseText || xhr.statusText));
      }
    };
    xhr.onerror = () => reject(new TypeError("Failed to upload"));
    xhr.onabort = () => reject(new DOMException("The upload was cancelled", "AbortError"));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}

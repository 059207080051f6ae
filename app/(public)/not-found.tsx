import type { Metadata } from "next";
import { NotFoundMessage } from "@/components/layout/not-found-message";

export const metadata: Metadata = { title: "404 Page Not Found" };

// A public page's 404 (notFound()) inside the public layout's frame. Without it the root 404,
// which brings that frame itself, would be nested in it, and every public page's payload would
// carry that second frame.
export default function PublicNotFound() {
  return <NotFoundMessage />;
}

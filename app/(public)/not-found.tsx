import type { Metadata } from "next";
import { NotFoundMessage } from "@/components/layout/not-found-message";

export const metadata: Metadata = { title: "404 Page Not Found" };

// notFound() in a public page: the message inside the public layout's frame (an address no route
// matches has app/global-not-found.tsx).
export default function PublicNotFound() {
  return <NotFoundMessage />;
}

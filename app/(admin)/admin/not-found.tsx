import type { Metadata } from "next";
import { NotFoundMessage } from "@/components/layout/not-found-message";

export const metadata: Metadata = { title: "404 Page Not Found" };

// notFound() in this area: the message inside the area's own frame.
export default function NotFound() {
  return <NotFoundMessage />;
}

"use client";

import { ErrorMessage } from "@/components/layout/error-message";

/** A page that failed to render, inside the root layout. */
export default function PageError({
  error,
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  return (
    <main id="main">
      <ErrorMessage digest={error.digest} retry={reset} />
    </main>
  );
}

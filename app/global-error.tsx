"use client";

import { ErrorMessage } from "@/components/layout/error-message";
import "./globals.css";

/** The root layout itself failed (it reads the platform name): the page brings its own document. */
export default function GlobalError({ error }: { error: Error & { digest?: string } }) {
  return (
    <html lang="en">
      <body className="min-h-screen font-sans">
        <title>This page could not be loaded</title>
        <main id="main">
          {/* A full reload: the layout that failed must be rendered again, not just this page. */}
          <ErrorMessage digest={error.digest} retry={() => window.location.reload()} />
        </main>
      </body>
    </html>
  );
}

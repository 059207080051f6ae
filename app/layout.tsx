import type { Metadata, Viewport } from "next";
import { NuqsAdapter } from "nuqs/adapters/next/app";
import { Toaster } from "sonner";
import { env } from "@/lib/env";
import "./globals.css";

export const metadata: Metadata = {
  metadataBase: new URL(env.APP_URL),
  title: { default: "UniSearch: Your Journey to Global Education", template: "%s | UniSearch" },
  description: "Search and apply to top universities around the world.",
};

export const viewport: Viewport = { themeColor: "#1d4ed8" };

export default function RootLayout({ children }: Readonly<{ children: React.ReactNode }>) {
  return (
    <html lang="en">
      <body className="min-h-screen font-sans">
        <NuqsAdapter>{children}</NuqsAdapter>
        {/* SPEC §9: at most one toast at a time, shown for 5 s. */}
        <Toaster visibleToasts={1} duration={5000} richColors closeButton />
      </body>
    </html>
  );
}

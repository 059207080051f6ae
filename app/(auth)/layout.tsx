import { PublicShell } from "@/components/layout/public-shell";
import { cachedIsDemoDatabase } from "@/lib/cache/reads.server";

// The sign-in pages: full-screen, without the site header and footer (each page links home).
export default async function AuthLayout({ children }: Readonly<{ children: React.ReactNode }>) {
  const demoData = await cachedIsDemoDatabase();
  return (
    <PublicShell hideChrome demoData={demoData}>
      {children}
    </PublicShell>
  );
}

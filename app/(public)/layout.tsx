import { getViewer } from "@/lib/auth/session";
import { PublicShell } from "@/components/layout/public-shell";
import { getPlatformName, isDemoDatabase } from "@/lib/settings/queries";

export default async function PublicLayout({ children }: Readonly<{ children: React.ReactNode }>) {
  const [viewer, platformName, demoData] = await Promise.all([
    getViewer(),
    getPlatformName(),
    isDemoDatabase(),
  ]);
  return (
    <PublicShell viewer={viewer} platformName={platformName} demoData={demoData}>
      {children}
    </PublicShell>
  );
}

import { getViewer } from "@/lib/auth/session";
import { PublicShell } from "@/components/layout/public-shell";
import { getPlatformName } from "@/lib/settings/queries";

export default async function PublicLayout({ children }: Readonly<{ children: React.ReactNode }>) {
  const [viewer, platformName] = await Promise.all([getViewer(), getPlatformName()]);
  return (
    <PublicShell viewer={viewer} platformName={platformName}>
      {children}
    </PublicShell>
  );
}

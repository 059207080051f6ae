import { AuthProvider } from "@/components/auth/auth-provider";
import { PublicShell } from "@/components/layout/public-shell";
import { getViewer } from "@/lib/auth/session";
import { isDemoDatabase } from "@/lib/settings/queries";
import { getUserDto } from "@/lib/users/accounts";

// The sign-in pages: full-screen, without the site header and footer (each page links home).
export default async function AuthLayout({ children }: Readonly<{ children: React.ReactNode }>) {
  const [viewer, demoData] = await Promise.all([getViewer(), isDemoDatabase()]);
  const initialUser = viewer ? await getUserDto(viewer.id) : null;
  return (
    <PublicShell hideChrome demoData={demoData}>
      <AuthProvider initialUser={initialUser}>{children}</AuthProvider>
    </PublicShell>
  );
}

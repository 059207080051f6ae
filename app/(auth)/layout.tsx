import { AuthProvider } from "@/components/auth/auth-provider";
import { PublicShell } from "@/components/layout/public-shell";
import { getViewer } from "@/lib/auth/session";
import { cachedIsDemoDatabase } from "@/lib/cache/reads";
import { getUserDto } from "@/lib/users/accounts";

// Rendered per request for the signed-in visitor, without a streaming fallback: the page is
// whole in the first response, so its forms work before (and without) JavaScript.
export const instant = false;

// The sign-in pages: full-screen, without the site header and footer (each page links home).
export default async function AuthLayout({ children }: Readonly<{ children: React.ReactNode }>) {
  const [viewer, demoData] = await Promise.all([getViewer(), cachedIsDemoDatabase()]);
  const initialUser = viewer ? await getUserDto(viewer.id) : null;
  return (
    <PublicShell hideChrome demoData={demoData}>
      <AuthProvider initialUser={initialUser}>{children}</AuthProvider>
    </PublicShell>
  );
}

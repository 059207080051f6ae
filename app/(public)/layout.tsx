import { getViewer } from "@/lib/auth/session";
import { PublicShell } from "@/components/layout/public-shell";

export default async function PublicLayout({ children }: Readonly<{ children: React.ReactNode }>) {
  return <PublicShell viewer={await getViewer()}>{children}</PublicShell>;
}

import { PublicShell } from "@/components/layout/public-shell";

export default function PublicLayout({ children }: Readonly<{ children: React.ReactNode }>) {
  // The viewer comes from the session once auth exists.
  return <PublicShell viewer={null}>{children}</PublicShell>;
}

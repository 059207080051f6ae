import { notFound } from "next/navigation";
import { adminOrSignIn } from "@/lib/auth/session.server";
import { getUniversityById } from "@/lib/universities/queries.server";
import { idSchema } from "@/lib/validation/common";

// An id that names no university is the 404 page with status 404. The page cannot say so itself:
// loading.tsx (the spinner) starts streaming it with status 200 before it finds nothing.
// This layout sits outside that boundary, so it answers before anything is sent.
export default async function EditUniversityLayout({
  children,
  params,
}: {
  children: React.ReactNode;
  params: Promise<{ id: string }>;
}) {
  await adminOrSignIn();
  const id = idSchema.safeParse((await params).id);
  if (!id.success || !(await getUniversityById(id.data))) notFound();
  return children;
}

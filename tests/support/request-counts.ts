import { prisma } from "@/lib/db/client.server";

/**
 * The application's kept counts of its requests ([open, answered], which the trigger
 * "document_requests_count" moves), and the same counted from its requests: the two agree.
 */
export async function requestCountsOf(applicationId: number) {
  const kept = await prisma.application.findUniqueOrThrow({
    where: { id: applicationId },
    select: { openRequests: true, answeredRequests: true },
  });
  const [open, answered] = await Promise.all(
    (["open", "answered"] as const).map((status) =>
      prisma.documentRequest.count({ where: { applicationId, status } }),
    ),
  );
  return { kept: [kept.openRequests, kept.answeredRequests], counted: [open, answered] };
}

import { formatCount } from "@/lib/format";

// The words of an account deletion's confirmation (client-safe): the student's own, on the
// profile, and an admin's, on Users, name what goes with the account.

const plural = (count: number, one: string, many: string) =>
  `${formatCount(count)} ${count === 1 ? one : many}`;

/** What deleting an account also deletes; empty when nothing but the account goes. */
export function deletionConsequence(
  { applications, drafts }: { applications: number; drafts: number },
  owner: "own" | "student" = "own",
) {
  const whose = owner === "own" ? "Your" : "Their";
  const parts = [
    applications > 0 ? plural(applications, "application", "applications") : null,
    drafts > 0 ? plural(drafts, "unsent draft", "unsent drafts") : null,
  ].filter(Boolean);
  const lost = parts.length ? `${whose} ${parts.join(" and ")} will be deleted with it.` : "";
  const seen = owner === "own" ? "your" : "these";
  const unseen = applications > 0 ? ` Universities will no longer see ${seen} applications.` : "";
  return `${lost}${unseen}`;
}

import { formatCount } from "@/lib/format";

// What the admin's delete confirmation says will happen to a university or program:
// with applications it is archived and they are kept; without, it is deleted for good.

const applicationsOf = (count: number) =>
  `${formatCount(count)} ${count === 1 ? "application" : "applications"}`;

export function deleteTexts(kind: "university" | "program", name: string, applicationCount: number) {
  const Kind = kind === "university" ? "University" : "Program";
  if (applicationCount > 0) {
    return {
      title: `Delete ${Kind}`,
      description: `Students have applied to ${name}, so it cannot be deleted.`,
      warning:
        kind === "university"
          ? `${applicationsOf(applicationCount)} will be kept; the university and its programs are archived. They disappear from the public site and can be restored.`
          : `${applicationsOf(applicationCount)} will be kept; the program is archived. It disappears from the public site and can be restored.`,
      confirmLabel: `Archive ${Kind}`,
      successMessage: `${Kind} archived; ${applicationsOf(applicationCount)} kept`,
    };
  }
  return {
    title: `Delete ${Kind}`,
    description: `Are you sure you want to delete ${name}? This action cannot be undone.`,
    // The product's confirmation texts: true when nobody applied (otherwise the row is archived, above).
    warning:
      kind === "university"
        ? "Deleting this university will also remove all of its programs and their applications."
        : "Deleting this program will remove all associated data including applications.",
    confirmLabel: `Delete ${Kind}`,
    successMessage: `${Kind} deleted successfully`,
  };
}

const shortlistsOf = (count: number) => `${formatCount(count)} ${count === 1 ? "student" : "students"}`;

/**
 * What deleting a scholarship will do: one students saved is archived (they keep it on their
 * shortlist, marked no longer offered), one nobody saved is deleted for good.
 */
export function scholarshipDeleteTexts(name: string, shortlistCount: number) {
  if (shortlistCount > 0) {
    return {
      title: "Delete Scholarship",
      description: `Students saved ${name} to their shortlist, so it cannot be deleted.`,
      warning: `${shortlistsOf(shortlistCount)} keep it on their shortlist, marked no longer offered; the scholarship is archived. It disappears from the public site and can be restored.`,
      confirmLabel: "Archive Scholarship",
      successMessage: "Scholarship archived",
    };
  }
  return {
    title: "Delete Scholarship",
    description: `Are you sure you want to delete ${name}? This action cannot be undone.`,
    confirmLabel: "Delete Scholarship",
    successMessage: "Scholarship deleted successfully",
  };
}

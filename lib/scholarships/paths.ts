// Where a scholarship is shown on the site: the scholarship search, for its name. Its card there
// has everything (amount, who qualifies, deadline, official page), so e-mails, the shortlist and
// the calendar link to it. Client-safe.

export const SCHOLARSHIPS_PATH = "/scholarships";

/** The search that lists the scholarship: its exact name. */
export function scholarshipPath(scholarship: { name: string }): string {
  return `${SCHOLARSHIPS_PATH}?${new URLSearchParams({ q: scholarship.name })}`;
}

/** The scholarships of one university (its own and its programs'). */
export function universityScholarshipsPath(universityId: number): string {
  return `${SCHOLARSHIPS_PATH}?university=${universityId}`;
}

// The audit log's vocabulary and its before/after comparison; no database code, so the /admin/audit
// page's client components and the filters' schemas import it too.

export const AUDIT_ENTITY_TYPES = [
  "university",
  "program",
  "scholarship",
  "application",
  "user",
  "setting",
  "studyLevel",
  "studyField",
  "documentType",
  "import",
  "contactMessage",
  "exchangeRates",
] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

export const AUDIT_ACTIONS = [
  "university.create",
  "university.update",
  "university.archive",
  "university.restore",
  "university.delete",
  "program.create",
  "program.update",
  "program.archive",
  "program.restore",
  "program.delete",
  "scholarship.create",
  "scholarship.update",
  "scholarship.archive",
  "scholarship.restore",
  "scholarship.delete",
  "application.status",
  "application.condition",
  "application.note",
  "application.assign",
  "application.request",
  "application.closeRequest",
  "user.create",
  "user.status",
  "user.access",
  "user.permissions",
  "user.delete",
  "user.export",
  "setting.update",
  "studyLevel.create",
  "studyLevel.delete",
  "studyField.create",
  "studyField.delete",
  "documentType.create",
  "documentType.delete",
  "import.universities",
  "import.programs",
  "import.scholarships",
  "contactMessage.delete",
  "exchangeRates.load",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const ENTITY_LABELS: Record<AuditEntityType, string> = {
  university: "University",
  program: "Program",
  scholarship: "Scholarship",
  application: "Application",
  user: "User",
  setting: "Setting",
  studyLevel: "Study level",
  studyField: "Study field",
  documentType: "Document type",
  import: "Import",
  contactMessage: "Contact message",
  exchangeRates: "Exchange rates",
};

/** The Action column's words. */
export const ACTION_LABELS: Record<AuditAction, string> = {
  "university.create": "Created university",
  "university.update": "Edited university",
  "university.archive": "Archived university",
  "university.restore": "Restored university",
  "university.delete": "Deleted university",
  "program.create": "Created program",
  "program.update": "Edited program",
  "program.archive": "Archived program",
  "program.restore": "Restored program",
  "program.delete": "Deleted program",
  "scholarship.create": "Created scholarship",
  "scholarship.update": "Edited scholarship",
  "scholarship.archive": "Archived scholarship",
  "scholarship.restore": "Restored scholarship",
  "scholarship.delete": "Deleted scholarship",
  "application.status": "Changed application status",
  "application.condition": "Marked an offer's condition",
  "application.note": "Added a private note",
  "application.assign": "Assigned an application",
  "application.request": "Asked for a document or correction",
  "application.closeRequest": "Closed a request",
  "user.create": "Created account",
  "user.status": "Changed account status",
  "user.access": "Changed account access",
  "user.permissions": "Changed permissions",
  "user.delete": "Deleted account",
  "user.export": "Downloaded own data",
  "setting.update": "Changed setting",
  "studyLevel.create": "Added study level",
  "studyLevel.delete": "Deleted study level",
  "studyField.create": "Added study field",
  "studyField.delete": "Deleted study field",
  "documentType.create": "Added document type",
  "documentType.delete": "Deleted document type",
  "import.universities": "Imported universities",
  "import.programs": "Imported programs",
  "import.scholarships": "Imported scholarships",
  "contactMessage.delete": "Deleted contact message",
  "exchangeRates.load": "Loaded exchange rates",
};

/** What a row looked like: plain values (dates and decimals become strings when stored). */
export type AuditSnapshot = Record<string, unknown>;

/** Keys that are never stored, whatever a caller passes: secrets and session state. */
const SECRET_KEYS = new Set([
  "password",
  "resetToken",
  "resetTokenExpiry",
  "emailVerifyToken",
  "pendingEmailToken",
  "sessionVersion",
  "googleId",
]);

export function redact(snapshot: AuditSnapshot): AuditSnapshot {
  return Object.fromEntries(Object.entries(snapshot).filter(([key]) => !SECRET_KEYS.has(key)));
}

export interface AuditChange {
  field: string;
  before: unknown;
  after: unknown;
}

/**
 * The fields that differ between before and after (a created row: every field of after; a deleted
 * one: every field of before), in the snapshots' order.
 */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  const b = isRecord(before) ? before : {};
  const a = isRecord(after) ? after : {};
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return fields
    .filter((field) => JSON.stringify(b[field]) !== JSON.stringify(a[field]))
    .map((field) => ({ field, before: b[field], after: a[field] }));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A stored value as the page shows it. */
export function formatAuditValue(value: unknown): string {
  if (value === undefined) return "—";
  if (value === null) return "none";
  if (typeof value === "string") return value === "" ? '""' : value;
  if (Array.isArray(value) && value.length === 0) return "none";
  return JSON.stringify(value);
}

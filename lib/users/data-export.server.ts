import "server-only";
import type { Viewer } from "@/lib/auth/viewer";
import { limitDataExport } from "@/lib/auth/rate-limit.server";
import { listApplicationDetailsOf, type ApplicationDetail } from "@/lib/applications/queries.server";
import { recordAudit } from "@/lib/audit/record.server";
import { prisma } from "@/lib/db/client.server";
import { env } from "@/lib/env.server";
import { DOCUMENT_SELECT } from "@/lib/documents/view";
import { REFERENCE_SELECT, toReferenceView, type ReferenceView } from "@/lib/references/queries.server";
import { FILE_TYPE_EXTENSIONS, type DocumentFileType } from "@/lib/documents/limits";
import { zipStream, type ZipEntry } from "@/lib/http/zip-stream.server";
import { logger } from "@/lib/log.server";
import { getStudentProfile } from "@/lib/fit/profile.server";
import type { StudentProfileDto } from "@/lib/fit/profile";
import { savedSearchPath } from "@/lib/saved-searches/kinds";
import { getNoticePreferences } from "@/lib/notifications/preferences.server";
import type { NoticePreferences } from "@/lib/notifications/kinds";
import { getPlatformName } from "@/lib/settings/queries.server";
import { getDocumentStorage } from "@/lib/storage/private.server";
import { toUserDto, userDtoSelect, type UserDto } from "./dto";

// "Download my data": everything the site keeps about an account, for its owner, as a ZIP archive
// written while it downloads: data.json (for machines and for moving elsewhere), index.html (the
// same, to read in a browser) and the uploaded documents as they were uploaded. It leaves out what
// only protects the account (password hash, links' tokens, the calendar's secret) and what belongs
// to others (the team's audit log). Each download is an entry of the audit log.

/** data.json's `format`, and its version: a reader checks both before it reads the rest. */
export const DATA_EXPORT_FORMAT = "university-platform.account-data";
export const DATA_EXPORT_VERSION = 1;

export interface ExportedDocument {
  id: number;
  documentType: string;
  name: string;
  contentType: string;
  size: number;
  uploadedAt: string;
  /** Where the file is in the archive; null while it is still being checked (not handed out yet). */
  file: string | null;
}

export interface ExportedDraft {
  program: { id: number; name: string; degree: string };
  university: { name: string };
  updatedAt: string;
  /** The form's values as last saved. */
  answers: unknown;
  documents: ExportedDocument[];
}

export interface ExportedShortlistEntry {
  type: "program" | "university" | "scholarship";
  id: number;
  name: string;
  /** A program's university, or a scholarship's (its own or its program's); else null. */
  university: string | null;
  /** A scholarship's provider; null for the others. */
  provider: string | null;
  savedAt: string;
}

export interface AccountData {
  format: typeof DATA_EXPORT_FORMAT;
  version: typeof DATA_EXPORT_VERSION;
  generatedAt: string;
  platform: string;
  account: Omit<UserDto, "adminType"> & {
    adminType: string | null;
    lastLoginAt: string | null;
    /** The currency chosen on the profile for approximations (null: the browser's language decides). */
    displayCurrency: string | null;
  };
  sessions: { startedAt: string; lastSeenAt: string; expiresAt: string; endedAt: string | null }[];
  /** Each with its documents and the referees named for it (the words of a reference only if not waived). */
  applications: (ApplicationDetail & { documents: ExportedDocument[]; references: ReferenceView[] })[];
  drafts: ExportedDraft[];
  /** Documents uploaded for an application not started as a draft yet (none in the usual case). */
  otherDocuments: ExportedDocument[];
  shortlist: ExportedShortlistEntry[];
  /** The profile the fit check reads (nationality, grades, English tests, budget, start); null if never saved. */
  studentProfile: StudentProfileDto | null;
  /** The saved searches, each with its address and the alert e-mails sent for it. */
  savedSearches: {
    name: string;
    kind: string;
    /** The search's address on the platform. */
    url: string;
    alertsEnabled: boolean;
    savedAt: string;
    alertsSent: { sentAt: string; results: number }[];
  }[];
  reminders: {
    emailsEnabled: boolean;
    deadlineRemindersSent: { program: string; daysBefore: number; deadline: string; sentAt: string }[];
    scholarshipRemindersSent: { scholarship: string; daysBefore: number; deadline: string; sentAt: string }[];
    offerRemindersSent: { applicationId: number; replyBy: string; sentAt: string }[];
  };
  /**
   * A staff member's e-mail choices per kind of event, the universities they handle, and the daily
   * digests sent to them (with how many events each listed); null for a student's account.
   */
  staffNotices: {
    choices: NoticePreferences["choices"];
    universities: { id: number; name: string }[];
    digestsSent: { day: string; sentAt: string; events: number }[];
  } | null;
}

const documentSelect = {
  ...DOCUMENT_SELECT,
  key: true,
  applicationId: true,
  programId: true,
} as const;

/** A readable, unique path for a document in the archive: "documents/<folder>/<id>-<name>". */
function archivePath(folder: string, document: { id: number; name: string; contentType: string }): string {
  const extension = FILE_TYPE_EXTENSIONS[document.contentType as DocumentFileType] ?? "";
  const name = document.name.endsWith(extension) ? document.name : `${document.name}${extension}`;
  return `documents/${folder}/${document.id}-${name}`;
}

/** A staff member's notice choices, universities and digests. */
async function staffNoticesOf(userId: number): Promise<NonNullable<AccountData["staffNotices"]>> {
  const [preferences, digests] = await Promise.all([
    getNoticePreferences(userId),
    prisma.staffDigest.findMany({
      where: { userId },
      orderBy: { day: "asc" },
      select: { day: true, sentAt: true, _count: { select: { items: true } } },
    }),
  ]);
  return {
    choices: preferences.choices,
    universities: preferences.universities.map(({ id, name }) => ({ id, name })),
    digestsSent: digests.map((digest) => ({
      day: digest.day.toISOString().slice(0, 10),
      sentAt: digest.sentAt.toISOString(),
      events: digest._count.items,
    })),
  };
}

/** What the archive holds besides its documents, and where each document's file goes. */
async function collect(userId: number, now: Date) {
  const [
    user,
    platform,
    sessions,
    applications,
    documents,
    drafts,
    programs,
    universities,
    sends,
    offerSends,
    references,
    studentProfile,
    savedSearches,
    scholarships,
    scholarshipSends,
    staffNotices,
  ] = await Promise.all([
    prisma.user.findUniqueOrThrow({
      where: { id: userId },
      select: { ...userDtoSelect, lastLoginAt: true, remindersEnabled: true, displayCurrency: true },
    }),
    getPlatformName(),
    prisma.userSession.findMany({ where: { userId }, orderBy: { createdAt: "asc" } }),
    listApplicationDetailsOf(userId),
    prisma.applicationDocument.findMany({
      // Not a reference the student waived reading: that stays the admissions team's.
      where: { userId, NOT: { reference: { is: { waived: true } } } },
      orderBy: { id: "asc" },
      select: documentSelect,
    }),
    prisma.applicationDraft.findMany({
      where: { userId },
      orderBy: { updatedAt: "asc" },
      select: {
        programId: true,
        data: true,
        updatedAt: true,
        program: { select: { name: true, degree: true, university: { select: { name: true } } } },
      },
    }),
    prisma.shortlistProgram.findMany({
      where: { userId },
      orderBy: { createdAt: "asc" },
      select: {
        createdAt: true,
        program: { select: { id: true, name: true, university: { select: { name: true } } } },
      },
    }),
    prisma.shortlistUniversity.findMany({
      where: { userId },
      orderBy: { createdAt: "asc" },
      select: { createdAt: true, university: { select: { id: true, name: true } } },
    }),
    prisma.reminderSend.findMany({
      where: { userId },
      orderBy: { sentAt: "asc" },
      select: { daysBefore: true, deadline: true, sentAt: true, program: { select: { name: true } } },
    }),
    prisma.offerReminderSend.findMany({
      where: { application: { userId } },
      orderBy: { sentAt: "asc" },
      select: { applicationId: true, replyBy: true, sentAt: true },
    }),
    prisma.reference.findMany({
      where: { application: { userId } },
      orderBy: { id: "asc" },
      select: { ...REFERENCE_SELECT, applicationId: true },
    }),
    getStudentProfile(userId),
    prisma.savedSearch.findMany({
      where: { userId },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: {
        name: true,
        kind: true,
        query: true,
        alertsEnabled: true,
        createdAt: true,
        alerts: { orderBy: { sentAt: "asc" }, select: { sentAt: true, items: true } },
      },
    }),
    prisma.shortlistScholarship.findMany({
      where: { userId },
      orderBy: { createdAt: "asc" },
      select: {
        createdAt: true,
        scholarship: {
          select: {
            id: true,
            name: true,
            provider: true,
            university: { select: { name: true } },
            program: { select: { university: { select: { name: true } } } },
          },
        },
      },
    }),
    prisma.scholarshipReminderSend.findMany({
      where: { userId },
      orderBy: { sentAt: "asc" },
      select: { daysBefore: true, deadline: true, sentAt: true, scholarship: { select: { name: true } } },
    }),
    staffNoticesOf(userId),
  ]);

  const files: { path: string; key: string; modified: Date }[] = [];
  const exported = (row: (typeof documents)[number]): ExportedDocument => {
    const folder = row.applicationId === null ? `draft-${row.programId}` : `application-${row.applicationId}`;
    const file = row.status === "clean" ? archivePath(folder, row) : null;
    if (file) files.push({ path: file, key: row.key, modified: row.createdAt });
    return {
      id: row.id,
      documentType: row.documentType,
      name: row.name,
      contentType: row.contentType,
      size: row.size,
      uploadedAt: row.createdAt.toISOString(),
      file,
    };
  };
  const documentsOf = (match: (row: (typeof documents)[number]) => boolean) =>
    documents.filter(match).map(exported);

  const { adminType, ...account } = toUserDto(user);
  const data: AccountData = {
    format: DATA_EXPORT_FORMAT,
    version: DATA_EXPORT_VERSION,
    generatedAt: now.toISOString(),
    platform,
    account: {
      ...account,
      adminType: adminType ?? null,
      lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
      displayCurrency: user.displayCurrency,
    },
    sessions: sessions.map((s) => ({
      startedAt: s.createdAt.toISOString(),
      lastSeenAt: s.lastSeenAt.toISOString(),
      expiresAt: s.expiresAt.toISOString(),
      endedAt: s.revokedAt?.toISOString() ?? null,
    })),
    applications: applications.map((application) => ({
      ...application,
      documents: documentsOf((row) => row.applicationId === application.id),
      references: references
        .filter((row) => row.applicationId === application.id)
        .map((row) => toReferenceView(row, "student")),
    })),
    drafts: drafts.map((draft) => ({
      program: { id: draft.programId, name: draft.program.name, degree: draft.program.degree },
      university: { name: draft.program.university.name },
      updatedAt: draft.updatedAt.toISOString(),
      answers: draft.data,
      documents: documentsOf((row) => row.applicationId === null && row.programId === draft.programId),
    })),
    otherDocuments: [],
    shortlist: [
      ...programs.map((p) => ({
        type: "program" as const,
        id: p.program.id,
        name: p.program.name,
        university: p.program.university.name,
        provider: null,
        savedAt: p.createdAt.toISOString(),
      })),
      ...universities.map((u) => ({
        type: "university" as const,
        id: u.university.id,
        name: u.university.name,
        university: null,
        provider: null,
        savedAt: u.createdAt.toISOString(),
      })),
      ...scholarships.map(({ scholarship, createdAt }) => ({
        type: "scholarship" as const,
        id: scholarship.id,
        name: scholarship.name,
        university: (scholarship.university ?? scholarship.program?.university)?.name ?? null,
        provider: scholarship.provider,
        savedAt: createdAt.toISOString(),
      })),
    ],
    studentProfile,
    savedSearches: savedSearches.map((search) => ({
      name: search.name,
      kind: search.kind,
      url: new URL(savedSearchPath(search.kind, search.query), env.APP_URL).toString(),
      alertsEnabled: search.alertsEnabled,
      savedAt: search.createdAt.toISOString(),
      alertsSent: search.alerts.map((alert) => ({
        sentAt: alert.sentAt.toISOString(),
        results: alert.items,
      })),
    })),
    // A student's account has no notice choices: the defaults would read as choices made.
    staffNotices: user.role === "admin" ? staffNotices : null,
    reminders: {
      emailsEnabled: user.remindersEnabled,
      deadlineRemindersSent: sends.map((s) => ({
        program: s.program.name,
        daysBefore: s.daysBefore,
        deadline: s.deadline.toISOString(),
        sentAt: s.sentAt.toISOString(),
      })),
      scholarshipRemindersSent: scholarshipSends.map((s) => ({
        scholarship: s.scholarship.name,
        daysBefore: s.daysBefore,
        deadline: s.deadline.toISOString(),
        sentAt: s.sentAt.toISOString(),
      })),
      offerRemindersSent: offerSends.map((s) => ({
        applicationId: s.applicationId,
        replyBy: s.replyBy.toISOString().slice(0, 10),
        sentAt: s.sentAt.toISOString(),
      })),
    },
  };
  const listed = new Set([
    ...data.applications.flatMap((a) => a.documents.map((d) => d.id)),
    ...data.drafts.flatMap((d) => d.documents.map((doc) => doc.id)),
  ]);
  data.otherDocuments = documentsOf((row) => !listed.has(row.id));
  return { data, files };
}

/** The archive's file name: "<platform>-data-<username>-<day>.zip", in plain ASCII. */
export function exportFileName(platform: string, username: string, now: Date): string {
  const slug = (text: string) =>
    text
      .normalize("NFKD")
      .replace(/[^A-Za-z0-9_]+/g, "-")
      .replace(/^-|-$/g, "")
      .toLowerCase() || "account";
  return `${slug(platform)}-data-${slug(username)}-${now.toISOString().slice(0, 10)}.zip`;
}

/**
 * The viewer's own data as a ZIP stream, after counting the download against the hourly limit
 * (429 past it) and recording it in the audit log. Documents are read from storage one by one as
 * the archive is downloaded.
 */
export async function exportAccountData(
  viewer: Pick<Viewer, "id" | "fullName" | "username">,
  now = new Date(),
): Promise<{ fileName: string; body: ReadableStream<Uint8Array> }> {
  await limitDataExport(viewer.id);
  const { data, files } = await collect(viewer.id, now);
  await prisma.$transaction((tx) =>
    recordAudit(tx, viewer, {
      action: "user.export",
      entityType: "user",
      entityId: viewer.id,
      summary: `${viewer.fullName} (${viewer.username})`,
      after: { applications: data.applications.length, drafts: data.drafts.length, documents: files.length },
    }),
  );
  const { renderDataExportPage } = await import("./data-export-page.server");
  const storage = getDocumentStorage();
  const entries: ZipEntry[] = [
    {
      name: "data.json",
      content: new TextEncoder().encode(JSON.stringify(data, null, 2)),
      compress: true,
      modified: now,
    },
    {
      name: "index.html",
      content: new TextEncoder().encode(await renderDataExportPage(data)),
      compress: true,
      modified: now,
    },
    ...files.map((file): ZipEntry => ({
      name: file.path,
      compress: false,
      modified: file.modified,
      content: async () => {
        const stream = await storage.open(file.key);
        if (!stream) logger().error({ key: file.key }, "a document's file is missing from the data export");
        return stream;
      },
    })),
  ];
  return { fileName: exportFileName(data.platform, viewer.username, now), body: zipStream(entries) };
}

import "server-only";
import { z } from "@/lib/validation/zod";
import { recordAudit, type AuditActor } from "@/lib/audit/record.server";
import { catalogueChanged } from "@/lib/cache/tags.server";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { listDomains } from "@/lib/universities/domains";
import { uniqueSlug } from "@/lib/universities/slug";
import { hostOf } from "./run.server";

// `npm run data:update -- world_universities_and_domains.json`: a newer edition of the
// university list the seed reads (prisma/data). Each entry is matched to a stored university by
// its websites and domains (the host of the stored website), else by name and country. New
// institutions are added; a matched university's domains are set to the list's (domains are facts
// of the list, not edited in the admin forms) and its website is updated to the list's first one,
// unless an admin wrote the row (`editedAt` is set by the form and by imports, and was filled
// from the audit log for earlier edits): those are left as they are and listed. Nothing is ever
// deleted or renamed. One transaction, recorded in the audit log.

const entrySchema = z.object({
  name: z.string().trim().min(1).max(200),
  alpha_two_code: z.string().regex(/^[A-Za-z]{2}$/),
  web_pages: z.array(z.string().max(2048)).default([]),
  domains: z.array(z.string().max(255)).default([]),
});
export type DatasetEntry = z.infer<typeof entrySchema>;

export interface DataUpdateSummary {
  added: { slug: string; name: string; country: string }[];
  updated: { slug: string; from: string | null; to: string }[];
  /** Matched rows whose e-mail and web domains the list changes. */
  domainsUpdated: { slug: string; from: string[]; to: string[] }[];
  /** Matched rows an admin edited, whose website the list would change. */
  keptEdited: { slug: string; stored: string | null; list: string }[];
  /** Entries that could not be used, with why. */
  skipped: { index: number; name: string; reason: string }[];
  unchanged: number;
}

/** What matching and updating read of a stored university. */
const STORED = {
  id: true,
  slug: true,
  name: true,
  countryId: true,
  webPage: true,
  domains: true,
  editedAt: true,
} as const;

export const NOT_A_LIST =
  "The file must be a JSON array of universities, like prisma/data/world_universities_and_domains.json.";

export async function updateFromDataset(
  db: PrismaClient,
  actor: AuditActor,
  options: { data: unknown; fileName: string; apply: boolean; now?: Date },
): Promise<DataUpdateSummary> {
  if (!Array.isArray(options.data)) throw new Error(NOT_A_LIST);
  const now = options.now ?? new Date();
  const summary: DataUpdateSummary = {
    added: [],
    updated: [],
    domainsUpdated: [],
    keptEdited: [],
    skipped: [],
    unchanged: 0,
  };

  const run = async (tx: Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0]) => {
    const countries = new Map(
      (await tx.country.findMany({ select: { id: true, code: true } })).map((c) => [c.code, c.id]),
    );
    const stored = await tx.university.findMany({ select: STORED });
    // A slug a university had before a rename stays its own (its old address redirects there).
    const oldSlugs = await tx.universitySlug.findMany({ select: { slug: true } });
    const slugs = new Set([...stored.map((u) => u.slug), ...oldSlugs.map((old) => old.slug)]);
    const byHost = new Map<string, typeof stored>();
    const byName = new Map<string, typeof stored>();
    for (const university of stored) {
      const hosts = new Set(
        [university.webPage, ...university.domains.map((d) => `https://${d}`)].map(hostOf),
      );
      for (const host of hosts) if (host) byHost.set(host, [...(byHost.get(host) ?? []), university]);
      const name = `${university.countryId}:${university.name.toLowerCase()}`;
      byName.set(name, [...(byName.get(name) ?? []), university]);
    }
    const matched = new Set<number>();
    // The rows were read at the start; an admin may edit one while the run goes on. The write is
    // conditional on no edit in its WHERE, which PostgreSQL checks against the row as it is when
    // written (an edit in progress is waited for): false when an admin's edit came first.
    const writeUneditedWebsite = async (id: number, webPage: string) => {
      if (!options.apply) return true;
      const { count } = await tx.university.updateMany({ where: { id, editedAt: null }, data: { webPage } });
      return count === 1;
    };

    for (const [index, raw] of (options.data as unknown[]).entries()) {
      const parsed = entrySchema.safeParse(raw);
      const label =
        typeof (raw as { name?: unknown })?.name === "string" ? (raw as { name: string }).name : "";
      if (!parsed.success) {
        summary.skipped.push({
          index,
          name: label,
          reason: "not a university entry (name, alpha_two_code, web_pages)",
        });
        continue;
      }
      const entry = parsed.data;
      const code = entry.alpha_two_code.toUpperCase();
      const countryId = countries.get(code);
      if (countryId === undefined) {
        summary.skipped.push({ index, name: entry.name, reason: `unknown country code ${code}` });
        continue;
      }
      const webPage =
        entry.web_pages.map((page) => page.trim()).find((page) => hostOf(page) !== null) ?? null;
      const domains = listDomains(entry.domains);
      const hosts = new Set(
        [
          ...entry.web_pages.map(hostOf),
          ...entry.domains.map((domain) => hostOf(`https://${domain.trim()}`)),
        ].filter((host): host is string => host !== null),
      );
      const candidates = new Map<number, (typeof stored)[number]>();
      for (const host of hosts)
        for (const university of byHost.get(host) ?? []) candidates.set(university.id, university);
      const ambiguous = candidates.size > 1;
      if (candidates.size !== 1) {
        candidates.clear();
        const sameName = byName.get(`${countryId}:${entry.name.toLowerCase()}`) ?? [];
        if (sameName.length === 1) candidates.set(sameName[0].id, sameName[0]);
      }
      const university = candidates.size === 1 ? [...candidates.values()][0] : null;

      if (university) {
        if (matched.has(university.id)) {
          summary.skipped.push({
            index,
            name: entry.name,
            reason: `another entry already matched ${university.slug}`,
          });
          continue;
        }
        matched.add(university.id);
        const domainsChanged = domains.join(",") !== university.domains.join(",");
        if (domainsChanged) {
          summary.domainsUpdated.push({ slug: university.slug, from: university.domains, to: domains });
          if (options.apply) await tx.university.update({ where: { id: university.id }, data: { domains } });
        }
        if (!webPage || webPage === university.webPage) {
          if (!domainsChanged) summary.unchanged++;
        } else if (university.editedAt || !(await writeUneditedWebsite(university.id, webPage))) {
          summary.keptEdited.push({ slug: university.slug, stored: university.webPage, list: webPage });
        } else {
          summary.updated.push({ slug: university.slug, from: university.webPage, to: webPage });
        }
        continue;
      }
      if (ambiguous || (byName.get(`${countryId}:${entry.name.toLowerCase()}`)?.length ?? 0) > 1) {
        summary.skipped.push({ index, name: entry.name, reason: "several stored universities match it" });
        continue;
      }
      const slug = uniqueSlug(entry.name, code, (candidate) => slugs.has(candidate));
      slugs.add(slug);
      summary.added.push({ slug, name: entry.name, country: code });
      if (options.apply) {
        const row = await tx.university.create({
          data: { name: entry.name, slug, countryId, webPage, domains },
          select: STORED,
        });
        matched.add(row.id);
      }
      // A later entry with the same website or name is the same institution.
      const added = {
        id: -summary.added.length,
        slug,
        name: entry.name,
        countryId,
        webPage,
        domains,
        editedAt: null,
      };
      matched.add(added.id);
      for (const host of hosts) byHost.set(host, [...(byHost.get(host) ?? []), added]);
      const name = `${countryId}:${entry.name.toLowerCase()}`;
      byName.set(name, [...(byName.get(name) ?? []), added]);
    }

    if (options.apply) {
      await recordAudit(tx, actor, {
        action: "import.universities",
        entityType: "import",
        entityId: options.fileName.slice(0, 200),
        summary: `${options.fileName.slice(0, 200)} (university list): ${summary.added.length} added, ${summary.updated.length} websites updated`,
        after: {
          fileName: options.fileName,
          type: "universities",
          added: summary.added.length,
          updated: summary.updated.length,
          domainsUpdated: summary.domainsUpdated.length,
          keptEdited: summary.keptEdited.length,
          unchanged: summary.unchanged,
          skipped: summary.skipped.length,
          at: now.toISOString(),
        },
      });
    }
  };

  if (options.apply) {
    await db.$transaction(run, { timeout: 10 * 60_000, maxWait: 30_000 });
    await catalogueChanged();
  } else await run(db);
  return summary;
}

/** What the command prints. */
export function formatDataUpdate(summary: DataUpdateSummary, apply: boolean): string {
  const lines: string[] = [apply ? "University list applied:" : "Dry run (nothing saved):"];
  lines.push(`  ${summary.added.length} added`);
  for (const u of summary.added) lines.push(`    + ${u.name} (${u.country}) as ${u.slug}`);
  lines.push(`  ${summary.updated.length} websites updated`);
  for (const u of summary.updated) lines.push(`    ~ ${u.slug}: ${u.from ?? "(none)"} -> ${u.to}`);
  lines.push(`  ${summary.domainsUpdated.length} with new domains`);
  for (const u of summary.domainsUpdated)
    lines.push(`    ~ ${u.slug}: ${u.from.join(", ") || "(none)"} -> ${u.to.join(", ") || "(none)"}`);
  lines.push(`  ${summary.keptEdited.length} edited by an admin, left as they are`);
  for (const u of summary.keptEdited)
    lines.push(`    = ${u.slug}: keeps ${u.stored ?? "(none)"} (the list says ${u.list})`);
  lines.push(`  ${summary.unchanged} unchanged`);
  if (summary.skipped.length > 0) {
    lines.push(`  ${summary.skipped.length} entries skipped`);
    for (const s of summary.skipped) lines.push(`    ! entry ${s.index + 1} ${s.name}: ${s.reason}`);
  }
  return lines.join("\n");
}

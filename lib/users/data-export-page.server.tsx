import "server-only";
import type { ReactNode } from "react";
import { CONDITION_STATUS_LABELS } from "@/lib/applications/conditions";
import { REFERENCE_STATUS_LABELS } from "@/lib/references/rules";
import { madeBy, meaningOf } from "@/lib/applications/history";
import { STATUS_LABELS } from "@/lib/applications/status";
import { formatFileSize } from "@/lib/documents/limits";
import { profileFacts } from "@/lib/fit/profile";
import { formatDate, formatDateTime } from "@/lib/format";
import type { AccountData, ExportedDocument } from "./data-export.server";
import { DELIVERY_LABELS, NOTICE_KINDS, NOTICE_LABELS } from "@/lib/notifications/kinds";

// index.html of the data archive: the same data as data.json, for a person. It opens from the
// unpacked archive without this site (no script, no outside file; styles inline), and links each
// document to its file beside it.

const STYLE = `
body { font: 16px/1.5 system-ui, sans-serif; color: #0f172a; max-width: 60rem; margin: 0 auto; padding: 1.5rem; }
h1 { font-size: 1.75rem; } h2 { margin-top: 2.5rem; border-bottom: 1px solid #cbd5e1; }
h3 { margin-bottom: .25rem; }
table { border-collapse: collapse; width: 100%; margin: .5rem 0 1rem; }
th, td { text-align: left; vertical-align: top; padding: .35rem .5rem; border-bottom: 1px solid #e2e8f0; }
th { color: #475569; font-weight: 600; }
.statement { white-space: pre-wrap; background: #f8fafc; padding: .75rem; border-radius: .375rem; }
.muted { color: #475569; }
`;

function Fields({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <table>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>{value ?? "—"}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Documents({ documents }: { documents: ExportedDocument[] }) {
  if (documents.length === 0) return <p className="muted">No documents.</p>;
  return (
    <table>
      <thead>
        <tr>
          <th scope="col">Document</th>
          <th scope="col">File</th>
          <th scope="col">Size</th>
          <th scope="col">Uploaded</th>
        </tr>
      </thead>
      <tbody>
        {documents.map((document) => (
          <tr key={document.id}>
            <td>{document.documentType}</td>
            <td>
              {document.file ? (
                <a href={document.file}>{document.name}</a>
              ) : (
                `${document.name} (still being checked, so not included)`
              )}
            </td>
            <td>{formatFileSize(document.size)}</td>
            <td>{formatDateTime(document.uploadedAt)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Page({ data }: { data: AccountData }) {
  const { account } = data;
  const title = `Your data on ${data.platform}`;
  return (
    <html lang="en">
      {/* eslint-disable-next-line @next/next/no-head-element -- a file of the archive, not a page of the app */}
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <style>{STYLE}</style>
      </head>
      <body>
        <main>
          <h1>{title}</h1>
          <p className="muted">
            Everything {data.platform} keeps about the account {account.username}, as of{" "}
            {formatDateTime(data.generatedAt)}. The same data is in data.json, for other programs; your
            documents are in the documents folder.
          </p>

          <h2>Account</h2>
          <Fields
            rows={[
              ["Username", account.username],
              ["Full name", account.fullName],
              ["Email", `${account.email}${account.emailVerified ? " (verified)" : " (not verified)"}`],
              ["Email waiting for confirmation", account.pendingEmail],
              ["Member since", formatDate(account.createdAt)],
              ["Last sign-in", account.lastLoginAt ? formatDateTime(account.lastLoginAt) : null],
              [
                "Signs in with",
                [account.hasPassword && "password", account.googleLinked && "Google"]
                  .filter(Boolean)
                  .join(" and "),
              ],
              ["Deadline reminder e-mails", data.reminders.emailsEnabled ? "On" : "Off"],
            ]}
          />

          <h2>Applications ({data.applications.length})</h2>
          {data.applications.length === 0 && <p className="muted">No applications.</p>}
          {data.applications.map((application) => (
            <section key={application.id}>
              <h3>
                {application.program.name} ({application.program.degree}), {application.university.name}
              </h3>
              <Fields
                rows={[
                  ["Status", STATUS_LABELS[application.status]],
                  ["Submitted", formatDateTime(application.submittedAt)],
                  ["Decision due by", formatDate(application.decideBy)],
                  ["Reply to the offer by", application.replyBy ? formatDate(application.replyBy) : null],
                  ["Institution", application.academicHistory.institution],
                  ["Degree", application.academicHistory.degree],
                  ["GPA", application.academicHistory.gpa],
                  ["Graduation year", String(application.academicHistory.graduationYear)],
                ]}
              />
              <h4>Personal statement</h4>
              <p className="statement">{application.personalStatement}</p>
              {application.conditions.length > 0 && (
                <>
                  <h4>Conditions of the offer</h4>
                  <ul>
                    {application.conditions.map((condition) => (
                      <li key={condition.id}>
                        {condition.text}: {CONDITION_STATUS_LABELS[condition.status]}
                      </li>
                    ))}
                  </ul>
                </>
              )}
              <h4>History</h4>
              <ol>
                {application.history.map((entry, index) => (
                  <li key={index}>
                    {formatDateTime(entry.at)}: {meaningOf(entry, "student")} ({madeBy(entry, "student")})
                    {entry.reason && <> Reason: {entry.reason}</>}
                    {entry.note && <> Note: {entry.note}</>}
                  </li>
                ))}
              </ol>
              <h4>Documents</h4>
              <Documents documents={application.documents} />
              {application.references.length > 0 && (
                <>
                  <h4>References</h4>
                  <ul>
                    {application.references.map((reference) => (
                      <li key={reference.id}>
                        {reference.refereeName} ({reference.relationship}, {reference.refereeEmail}):{" "}
                        {REFERENCE_STATUS_LABELS[reference.status]}
                        {reference.waived && <> (you waived reading it)</>}
                        {reference.declineReason && <> Reason: {reference.declineReason}</>}
                        {reference.text && <p className="statement">{reference.text}</p>}
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </section>
          ))}

          <h2>Application drafts ({data.drafts.length})</h2>
          {data.drafts.length === 0 && <p className="muted">No drafts.</p>}
          {data.drafts.map((draft) => (
            <section key={draft.program.id}>
              <h3>
                {draft.program.name} ({draft.program.degree}), {draft.university.name}
              </h3>
              <p className="muted">
                Last saved {formatDateTime(draft.updatedAt)}. Its answers are in data.json.
              </p>
              <Documents documents={draft.documents} />
            </section>
          ))}
          {data.otherDocuments.length > 0 && (
            <>
              <h3>Other documents</h3>
              <Documents documents={data.otherDocuments} />
            </>
          )}

          <h2>Shortlist ({data.shortlist.length})</h2>
          {data.shortlist.length === 0 ? (
            <p className="muted">Nothing saved.</p>
          ) : (
            <ul>
              {data.shortlist.map((entry) => (
                <li key={`${entry.type}-${entry.id}`}>
                  {entry.type === "scholarship" && "Scholarship: "}
                  {entry.name}
                  {entry.provider && `, ${entry.provider}`}
                  {entry.university && `, ${entry.university}`} (saved {formatDate(entry.savedAt)})
                </li>
              ))}
            </ul>
          )}

          <h2>Study profile</h2>
          {data.studentProfile && profileFacts(data.studentProfile).length > 0 ? (
            <Fields rows={profileFacts(data.studentProfile)} />
          ) : (
            <p className="muted">Nothing saved.</p>
          )}

          <h2>Saved searches ({data.savedSearches.length})</h2>
          {data.savedSearches.length === 0 ? (
            <p className="muted">None.</p>
          ) : (
            <ul>
              {data.savedSearches.map((search, index) => (
                <li key={index}>
                  <a href={search.url}>{search.name}</a> (saved {formatDate(search.savedAt)}; alert e-mails{" "}
                  {search.alertsEnabled ? "on" : "off"}; {search.alertsSent.length} sent)
                </li>
              ))}
            </ul>
          )}

          {data.staffNotices && (
            <>
              <h2>E-mails about applications (staff)</h2>
              <Fields
                rows={NOTICE_KINDS.map((kind): [string, string] => [
                  NOTICE_LABELS[kind],
                  DELIVERY_LABELS[data.staffNotices!.choices[kind]],
                ])}
              />
              <p>
                Universities handled:{" "}
                {data.staffNotices.universities.length === 0
                  ? "none chosen"
                  : data.staffNotices.universities.map((university) => university.name).join(", ")}
              </p>
              <p>
                Daily digests sent: {data.staffNotices.digestsSent.length}
                {data.staffNotices.digestsSent.length > 0 &&
                  ` (the last on ${formatDate(data.staffNotices.digestsSent.at(-1)!.sentAt)})`}
              </p>
            </>
          )}

          <h2>Reminders sent</h2>
          {data.reminders.deadlineRemindersSent.length +
            data.reminders.scholarshipRemindersSent.length +
            data.reminders.offerRemindersSent.length ===
          0 ? (
            <p className="muted">None.</p>
          ) : (
            <ul>
              {data.reminders.deadlineRemindersSent.map((sent, index) => (
                <li key={`d${index}`}>
                  {formatDateTime(sent.sentAt)}: {sent.program}, deadline {formatDate(sent.deadline)} (
                  {sent.daysBefore} days before)
                </li>
              ))}
              {data.reminders.scholarshipRemindersSent.map((sent, index) => (
                <li key={`s${index}`}>
                  {formatDateTime(sent.sentAt)}: {sent.scholarship} (scholarship), deadline{" "}
                  {formatDate(sent.deadline)} ({sent.daysBefore} days before)
                </li>
              ))}
              {data.reminders.offerRemindersSent.map((sent, index) => (
                <li key={`o${index}`}>
                  {formatDateTime(sent.sentAt)}: reply to the offer of application {sent.applicationId} by{" "}
                  {formatDate(sent.replyBy)}
                </li>
              ))}
            </ul>
          )}

          <h2>Sign-in sessions ({data.sessions.length})</h2>
          <table>
            <thead>
              <tr>
                <th scope="col">Started</th>
                <th scope="col">Last used</th>
                <th scope="col">Ended</th>
              </tr>
            </thead>
            <tbody>
              {data.sessions.map((session, index) => (
                <tr key={index}>
                  <td>{formatDateTime(session.startedAt)}</td>
                  <td>{formatDateTime(session.lastSeenAt)}</td>
                  <td>{session.endedAt ? formatDateTime(session.endedAt) : "Open"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </main>
      </body>
    </html>
  );
}

export async function renderDataExportPage(data: AccountData): Promise<string> {
  // Imported when used: Next refuses react-dom/server imported by a module of its server
  // components' graph.
  const { renderToStaticMarkup } = await import("react-dom/server");
  return `<!DOCTYPE html>${renderToStaticMarkup(<Page data={data} />)}`;
}

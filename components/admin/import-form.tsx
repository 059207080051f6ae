"use client";

import { CheckCircle2Icon, DownloadIcon, UploadIcon } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { ListTable } from "@/components/admin/list-table";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Progress } from "@/components/ui/progress";
import { TableCell, TableRow } from "@/components/ui/table";
import { formatCount } from "@/lib/format";
import { IMPORT_TYPES, type ImportReport, type ImportType } from "@/lib/import/columns";
import { IMPORT_MAX_MB } from "@/lib/import/limits";

// /admin/import: choose what the file holds, upload it for a dry run (the upload's
// progress is shown, then the server checks the rows), read the report, then apply it. The file is
// sent again on apply, so nothing is kept on the server between the two steps. The buttons are
// disabled while the server works; focus then goes to the report's heading, described by its
// counts (so both are read), or to the error.

const TYPE_LABELS: Record<ImportType, string> = {
  universities: "Universities",
  programs: "Programs",
  scholarships: "Scholarships",
};

type Phase =
  | { kind: "idle" }
  | { kind: "uploading"; percent: number; apply: boolean }
  | { kind: "checking"; apply: boolean }
  | { kind: "report"; report: ImportReport }
  | { kind: "error"; message: string; report?: ImportReport };

/** POSTs the file with XHR, whose upload events give the progress that fetch does not. */
function send(
  type: ImportType,
  file: File,
  apply: boolean,
  onProgress: (percent: number) => void,
  onUploaded: () => void,
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const query = new URLSearchParams({ fileName: file.name, apply: String(apply) });
    xhr.open("POST", `/api/import/${type}?${query}`);
    xhr.setRequestHeader("Content-Type", file.type || "application/octet-stream");
    xhr.responseType = "json";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.upload.onload = onUploaded;
    xhr.onload = () => resolve({ status: xhr.status, body: xhr.response });
    xhr.onerror = () => reject(new Error("The upload failed: check your connection and try again."));
    xhr.send(file);
  });
}

export function ImportForm() {
  const [type, setType] = useState<ImportType>("programs");
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: "idle" });
  const fileInput = useRef<HTMLInputElement>(null);
  const fileId = useId();
  const reportHeading = useRef<HTMLHeadingElement>(null);
  const errorAlert = useRef<HTMLDivElement>(null);
  /** Set by a run: its outcome takes focus once shown. */
  const focusOutcome = useRef(false);
  const busy = phase.kind === "uploading" || phase.kind === "checking";

  async function run(apply: boolean) {
    if (!file) {
      setPhase({ kind: "error", message: "Choose a CSV or JSON file first." });
      fileInput.current?.focus();
      return;
    }
    setPhase({ kind: "uploading", percent: 0, apply });
    focusOutcome.current = true;
    try {
      const { status, body } = await send(
        type,
        file,
        apply,
        (percent) => setPhase({ kind: "uploading", percent, apply }),
        () => setPhase({ kind: "checking", apply }),
      );
      if (status === 200) setPhase({ kind: "report", report: body as ImportReport });
      else {
        const message =
          (body as { error?: string } | null)?.error ?? "The import failed on our side. Please try again.";
        setPhase({ kind: "error", message });
      }
    } catch (error) {
      setPhase({ kind: "error", message: (error as Error).message });
    }
  }

  useEffect(() => {
    if (!focusOutcome.current || (phase.kind !== "report" && phase.kind !== "error")) return;
    focusOutcome.current = false;
    (phase.kind === "report" ? reportHeading : errorAlert).current?.focus();
  }, [phase]);

  const status =
    phase.kind === "uploading"
      ? `Uploading ${file?.name}: ${phase.percent}%`
      : phase.kind === "checking"
        ? phase.apply
          ? "Importing the rows. Large files take a minute."
          : "Checking the rows. Large files take a minute."
        : "";

  return (
    <div className="flex flex-col gap-6">
      <form
        className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4"
        onSubmit={(event) => {
          event.preventDefault();
          void run(false);
        }}
      >
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-sm font-medium text-slate-900">The file holds</legend>
          <div className="flex gap-6">
            {IMPORT_TYPES.map((value) => (
              <label key={value} className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="radio"
                  name="type"
                  value={value}
                  checked={type === value}
                  disabled={busy}
                  onChange={() => {
                    setType(value);
                    setPhase({ kind: "idle" });
                  }}
                />
                {TYPE_LABELS[value]}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="flex flex-col gap-2">
          <Label htmlFor={fileId}>File (CSV or JSON, at most {IMPORT_MAX_MB} MB)</Label>
          <input
            id={fileId}
            ref={fileInput}
            type="file"
            accept=".csv,.json,text/csv,application/json"
            disabled={busy}
            className="text-sm text-slate-800 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5"
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setPhase({ kind: "idle" });
            }}
          />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={busy}>
            <UploadIcon aria-hidden="true" />
            Check file (dry run)
          </Button>
          <Button asChild variant="outline">
            <a href={`/api/import/template?type=${type}`} download>
              <DownloadIcon aria-hidden="true" />
              Download {type} template (CSV)
            </a>
          </Button>
        </div>
      </form>

      <div role="status" aria-live="polite" className="flex flex-col gap-2">
        {busy && (
          <>
            <p className="text-sm text-slate-700">{status}</p>
            <Progress
              aria-label="Upload progress"
              value={phase.kind === "uploading" ? phase.percent : 100}
              className={phase.kind === "checking" ? "animate-pulse" : undefined}
            />
          </>
        )}
        {phase.kind === "report" && phase.report.applied && (
          <Alert variant="success">
            <CheckCircle2Icon aria-hidden="true" />
            <AlertTitle>Import complete</AlertTitle>
            <AlertDescription>{summary(phase.report)}</AlertDescription>
          </Alert>
        )}
      </div>
      {phase.kind === "error" && (
        <Alert variant="destructive" role="alert" ref={errorAlert} tabIndex={-1}>
          <AlertTitle>Error</AlertTitle>
          <AlertDescription>{phase.message}</AlertDescription>
        </Alert>
      )}
      {phase.kind === "report" && (
        <ReportView
          report={phase.report}
          busy={busy}
          onApply={() => void run(true)}
          headingRef={reportHeading}
        />
      )}
    </div>
  );
}

function summary(report: ImportReport) {
  const { total, created, updated, unchanged, rejected } = report.counts;
  return `${formatCount(total)} ${total === 1 ? "row" : "rows"}: ${formatCount(created)} created, ${formatCount(updated)} updated, ${formatCount(
    unchanged,
  )} unchanged, ${formatCount(rejected)} rejected.`;
}

function ReportView({
  report,
  busy,
  onApply,
  headingRef,
}: {
  report: ImportReport;
  busy: boolean;
  onApply: () => void;
  headingRef: React.Ref<HTMLHeadingElement>;
}) {
  const { created, updated, rejected } = report.counts;
  return (
    <section aria-labelledby="import-report" className="flex flex-col gap-4">
      <h2
        id="import-report"
        ref={headingRef}
        tabIndex={-1}
        aria-describedby="import-report-counts"
        className="rounded-sm text-lg font-semibold text-slate-900 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
      >
        {report.applied ? "Imported" : "Dry run"}: {report.fileName}
      </h2>
      <p id="import-report-counts" className="text-slate-700">
        {summary(report)}
      </p>
      {!report.applied &&
        (rejected > 0 ? (
          <Alert variant="destructive">
            <AlertTitle>Fix the rejected rows first</AlertTitle>
            <AlertDescription>
              Nothing can be imported while a row is rejected: correct the rows below in the file, then check
              it again.
            </AlertDescription>
          </Alert>
        ) : created + updated === 0 ? (
          <p className="text-slate-700">Every row is already up to date: there is nothing to import.</p>
        ) : (
          <div>
            <Button onClick={onApply} disabled={busy}>
              Apply import
            </Button>
          </div>
        ))}
      {report.rejected.length > 0 && (
        <ListTable
          caption={`Rejected rows${rejected > report.rejected.length ? ` (the first ${report.rejected.length})` : ""}`}
          columns={[{ label: "Row" }, { label: "Key" }, { label: "Column" }, { label: "Problem" }]}
        >
          {report.rejected.flatMap((row) =>
            row.errors.map((error, index) => (
              <TableRow key={`${row.row}-${error.field}`}>
                <TableCell className="tabular-nums">{index === 0 ? row.row : ""}</TableCell>
                <TableCell>{index === 0 ? row.key : ""}</TableCell>
                <TableCell>{error.field}</TableCell>
                <TableCell>{error.message}</TableCell>
              </TableRow>
            )),
          )}
        </ListTable>
      )}
      {report.changes.length > 0 && (
        <ListTable
          caption={`${report.applied ? "Changes made" : "Changes to make"}${
            created + updated > report.changes.length ? ` (the first ${report.changes.length})` : ""
          }`}
          columns={[{ label: "Row" }, { label: "Key" }, { label: "Outcome" }, { label: "Columns changed" }]}
        >
          {report.changes.map((row) => (
            <TableRow key={row.row}>
              <TableCell className="tabular-nums">{row.row}</TableCell>
              <TableCell>{row.key}</TableCell>
              <TableCell>{row.outcome === "created" ? "Created" : "Updated"}</TableCell>
              <TableCell>{row.fields.join(", ")}</TableCell>
            </TableRow>
          ))}
        </ListTable>
      )}
    </section>
  );
}

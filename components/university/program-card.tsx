import { Award, CalendarDays, Clock, FileText, Wallet } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { ApplyNow } from "@/components/programs/apply-now";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { DeadlineText } from "@/components/programs/deadline-text";
import { Amount } from "@/components/money/amount";
import { deadlinePassed, formatYears } from "@/lib/format";
import { SaveButton } from "@/components/shortlist/save-button";
import { FitCheck } from "@/components/programs/fit-check";
import { RequirementsList } from "@/components/programs/requirements-list";
import type { UniversityProgram } from "@/lib/universities/queries.server";
import { scholarshipAnchor, type ProgramScholarshipEntry } from "@/lib/scholarships/program-entries";

/**
 * One program on a university page, with its key facts and the way to apply; a program whose
 * deadline passed before `now` (the page's rendering) is labelled Closed and offers no Apply Now.
 */
export function ProgramCard({
  program,
  now,
  scholarships = [],
}: {
  program: UniversityProgram;
  now: Date;
  /** The scholarships for this program, listed in the page's scholarships section. */
  scholarships?: ProgramScholarshipEntry[];
}) {
  return (
    <Card className="h-full gap-4" data-testid="program-card">
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="secondary">{program.degree}</Badge>
          {deadlinePassed(program, now) && <Badge variant="outline">Closed</Badge>}
        </div>
        <CardTitle asChild>
          <h3 className="text-lg leading-snug">{program.name}</h3>
        </CardTitle>
        <CardDescription className="line-clamp-3">{program.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex-1">
        <dl className="grid gap-2 text-sm">
          <div className="flex items-center gap-2">
            <Clock aria-hidden="true" className="size-4 text-slate-500" />
            <dt className="text-slate-600">Duration:</dt>
            <dd className="font-medium">{formatYears(program.duration)}</dd>
          </div>
          <div className="flex items-center gap-2">
            <Wallet aria-hidden="true" className="size-4 text-slate-500" />
            <dt className="text-slate-600">Tuition:</dt>
            <dd className="font-medium">
              <Amount amount={program.tuition} currency={program.currency} suffix="per year" />
            </dd>
          </div>
          <div className="flex items-center gap-2">
            <CalendarDays aria-hidden="true" className="size-4 text-slate-500" />
            <dt className="text-slate-600">Application deadline:</dt>
            <dd className="font-medium">
              <DeadlineText program={program} />
            </dd>
          </div>
          {(program.requiredDocuments.length > 0 || program.optionalDocuments.length > 0) && (
            <div className="flex items-start gap-2">
              <FileText aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
              <dt className="text-slate-600">Documents:</dt>
              <dd className="font-medium">
                {[
                  program.requiredDocuments.join(", "),
                  program.optionalDocuments.length > 0
                    ? `optional: ${program.optionalDocuments.join(", ")}`
                    : "",
                ]
                  .filter(Boolean)
                  .join("; ")}
              </dd>
            </div>
          )}
          {scholarships.length > 0 && (
            <div className="flex items-start gap-2">
              <Award aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
              <dt className="text-slate-600">Scholarships:</dt>
              <dd className="font-medium">
                {scholarships.map((scholarship, index) => (
                  <span key={scholarship.id}>
                    {index > 0 && ", "}
                    <a
                      href={scholarshipAnchor(scholarship.id)}
                      className="text-brand-700 underline-offset-4 hover:underline"
                    >
                      {scholarship.name}
                    </a>
                  </span>
                ))}
              </dd>
            </div>
          )}
          {program.referencesRequired > 0 && (
            <div className="flex items-center gap-2">
              <FileText aria-hidden="true" className="size-4 text-slate-500" />
              <dt className="text-slate-600">References:</dt>
              <dd className="font-medium">{program.referencesRequired}</dd>
            </div>
          )}
        </dl>
        <div className="mt-3 grid gap-3">
          <RequirementsList requirements={program.requirements} currency={program.currency} />
          <FitCheck programId={program.id} name={`${program.degree} ${program.name}`} />
        </div>
      </CardContent>
      <CardFooter className="flex-wrap gap-2">
        <ApplyNow
          programId={program.id}
          deadline={program.deadline}
          timeZone={program.timeZone}
          now={now}
          label={`${program.degree} ${program.name}`}
          className="flex-1"
        />
        <SaveButton type="program" id={program.id} name={`${program.degree} ${program.name}`} />
      </CardFooter>
    </Card>
  );
}

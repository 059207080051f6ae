import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { groupByLevel } from "@/lib/programs/groups";
import type { UniversityProgram } from "@/lib/universities/queries.server";
import { ProgramCard } from "./program-card";
import type { ProgramScholarshipEntry } from "@/lib/scholarships/program-entries";

/**
 * The programs under one tab per study level of settings (Bachelor's, Master's, PhD and any level
 * an admin adds), each program under its own level, opening on the first tab that has programs.
 * Every panel is rendered on the server (forceMount) and inactive ones are only hidden, so the
 * HTML holds every program for visitors without JavaScript and for crawlers.
 */
export function ProgramTabs({
  programs,
  levels,
  scholarships = {},
}: {
  programs: UniversityProgram[];
  levels: string[];
  /** The scholarships of each program (by id), which its card names. */
  scholarships?: Record<number, ProgramScholarshipEntry[]>;
}) {
  // The page is cached for a minute at most (its revalidate), so a deadline that passes meanwhile
  // shows Apply Now until then; the apply page and the API refuse it at once.
  const now = new Date();
  const groups = groupByLevel(programs, levels);
  // A tab's value is its position: level names are free text (spaces, apostrophes).
  const value = (index: number) => `level-${index}`;
  const first = Math.max(
    0,
    groups.findIndex((group) => group.programs.length > 0),
  );
  return (
    <Tabs defaultValue={value(first)} className="gap-6">
      <TabsList aria-label="Programs by study level" className="h-auto w-full flex-wrap sm:w-fit">
        {groups.map(({ level }, index) => (
          <TabsTrigger key={level} value={value(index)} className="px-4">
            {level}
          </TabsTrigger>
        ))}
      </TabsList>
      {groups.map(({ level, programs: members }, index) => (
        <TabsContent key={level} value={value(index)} forceMount className="data-[state=inactive]:hidden">
          {members.length > 0 ? (
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {members.map((program) => (
                <li key={program.id}>
                  <ProgramCard program={program} now={now} scholarships={scholarships[program.id] ?? []} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="rounded-xl border border-dashed border-slate-300 px-6 py-10 text-center text-slate-600">
              {`No ${level} programs available at this time`}
            </p>
          )}
        </TabsContent>
      ))}
    </Tabs>
  );
}

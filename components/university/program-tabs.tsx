import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { STUDY_LEVELS, type StudyLevel } from "@/lib/constants";
import { groupByTab } from "@/lib/programs/groups";
import type { UniversityProgram } from "@/lib/universities/queries";
import { ProgramCard } from "./program-card";

const TAB_VALUE: Record<StudyLevel, string> = {
  "Bachelor's": "bachelors",
  "Master's": "masters",
  PhD: "phd",
};

/**
 * The programs under the tabs Bachelor's, Master's and PhD (SPEC §2), opening on the first tab
 * that has programs. Every panel is rendered on the server (forceMount) and inactive ones are
 * only hidden, so the HTML holds every program for visitors without JavaScript and for crawlers.
 */
export function ProgramTabs({ programs }: { programs: UniversityProgram[] }) {
  // The page is cached for a minute at most (its revalidate), so a deadline that passes meanwhile
  // shows Apply Now until then; the apply page and the API refuse it at once.
  const now = new Date();
  const groups = groupByTab(programs);
  const first = STUDY_LEVELS.find((level) => groups[level].length > 0) ?? STUDY_LEVELS[0];
  return (
    <Tabs defaultValue={TAB_VALUE[first]} className="gap-6">
      <TabsList aria-label="Programs by study level" className="w-full sm:w-fit">
        {STUDY_LEVELS.map((level) => (
          <TabsTrigger key={level} value={TAB_VALUE[level]} className="px-4">
            {level}
          </TabsTrigger>
        ))}
      </TabsList>
      {STUDY_LEVELS.map((level) => (
        <TabsContent key={level} value={TAB_VALUE[level]} forceMount className="data-[state=inactive]:hidden">
          {groups[level].length > 0 ? (
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {groups[level].map((program) => (
                <li key={program.id}>
                  <ProgramCard program={program} now={now} />
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

import { CalendarDays, Clock, Wallet } from "lucide-react";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { formatDate, formatUsd, formatYears } from "@/lib/format";
import { SaveButton } from "@/components/shortlist/save-button";
import type { UniversityProgram } from "@/lib/universities/queries";

/** One program on a university page, with its key facts and the way to apply. */
export function ProgramCard({ program }: { program: UniversityProgram }) {
  return (
    <Card className="h-full gap-4" data-testid="program-card">
      <CardHeader>
        <Badge variant="secondary">{program.degree}</Badge>
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
            <dd className="font-medium">{formatUsd(program.tuition)} per year</dd>
          </div>
          <div className="flex items-center gap-2">
            <CalendarDays aria-hidden="true" className="size-4 text-slate-500" />
            <dt className="text-slate-600">Application deadline:</dt>
            <dd className="font-medium">
              <time dateTime={program.deadline.toISOString()}>{formatDate(program.deadline)}</time>
            </dd>
          </div>
        </dl>
      </CardContent>
      <CardFooter className="flex-wrap gap-2">
        <Button asChild className="flex-1">
          {/* No prefetch: /apply/* is for signed-in students and redirects visitors to /auth. */}
          <Link href={`/apply/${program.id}`} prefetch={false}>
            Apply Now
            <span className="sr-only">
              {" "}
              to {program.degree} {program.name}
            </span>
          </Link>
        </Button>
        <SaveButton type="program" id={program.id} name={`${program.degree} ${program.name}`} />
      </CardFooter>
    </Card>
  );
}

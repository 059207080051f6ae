import { LocalTime } from "@/components/programs/local-time";
import { dayEndsAt, deadlineDay } from "@/lib/dates/days";
import { formatDeadline, type Deadline } from "@/lib/format";

/**
 * A program's deadline as the moment it closes on the program's clocks ("15 March 2027, 23:59
 * (Europe/Berlin)"), then, in the browser, the visitor's own time for it. The same text on the
 * server and in every cache; the local part is a client island of a few hundred bytes.
 */
export function DeadlineText({ program }: { program: Deadline }) {
  // The last minute of the day: 23:59 on the program's clocks.
  const lastMinute = new Date(dayEndsAt(deadlineDay(program.deadline), program.timeZone).getTime() - 60_000);
  const at = lastMinute.toISOString();
  return (
    <>
      <time dateTime={at}>{formatDeadline(program)}</time>
      <LocalTime at={at} shownZone={program.timeZone} />
    </>
  );
}

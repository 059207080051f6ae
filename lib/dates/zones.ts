// Time zones by their IANA names ("Europe/Berlin", "UTC"), with nothing but the runtime's Intl:
// client-safe and small, so a page that shows a local time adds no library to its bundle.

/** The zone a date is counted in when nothing better is known. */
export const DEFAULT_TIME_ZONE = "UTC";

/**
 * Whether the value names an IANA time zone the runtime knows ("Europe/Paris", "UTC"). Names
 * only: an offset ("+05:30") is refused, since PostgreSQL's AT TIME ZONE reads such a string with
 * the opposite (POSIX) sign.
 */
export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The zones a person picks from (the runtime's list), "UTC" first. */
export function timeZoneNames(): string[] {
  return [
    DEFAULT_TIME_ZONE,
    ...Intl.supportedValuesOf("timeZone").filter((zone) => zone !== DEFAULT_TIME_ZONE),
  ];
}

// Formatting is the slow part of Intl: one formatter per zone, kept (a job reads many rows of few
// zones).
const wallFormats = new Map<string, Intl.DateTimeFormat>();

function wallFormat(timeZone: string): Intl.DateTimeFormat {
  let format = wallFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    wallFormats.set(timeZone, format);
  }
  return format;
}

/** The wall clock of `timeZone` at the instant `at` (ms), read as if it were UTC (ms, whole seconds). */
function wallTime(at: number, timeZone: string): number {
  const parts = wallFormat(timeZone).formatToParts(new Date(at));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(part("year"), part("month") - 1, part("day"), part("hour"), part("minute"), part("second"));
}

// A zone's offset changes only when its clocks change, which the time zone data puts on a whole
// minute (every change since 1970): an offset read once holds for the rest of its minute. A page
// of program cards asks for the same few zones and minutes many times (now, its deadlines' day
// boundaries), and formatting was 6% of a signed-in program search's rendering.
const offsets = new Map<string, number>();
const OFFSETS_KEPT = 10_000;

/** Minutes the time zone is ahead of UTC at the instant `at` (ms). */
export function offsetMinutes(at: number, timeZone: string): number {
  const key = `${timeZone} ${Math.floor(at / 60_000)}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    offset = Math.round((wallTime(at, timeZone) - Math.floor(at / 1000) * 1000) / 60_000);
    if (offsets.size >= OFFSETS_KEPT) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

const pad = (value: number) => String(value).padStart(2, "0");

/**
 * The moment a wall-clock date and time in a time zone stand for, as an ISO date-time with that
 * zone's offset then: ("2027-03-12", "14:30", "Europe/Paris") → "2027-03-12T14:30:00+01:00". A
 * time a clock change skips or repeats takes one of the two offsets. The zone must be valid
 * (isTimeZone).
 */
export function zonedDateTime(date: string, time: string, timeZone: string): string {
  const [year, month, day] = date.split("-").map(Number);
  const [hour, minute] = time.split(":").map(Number);
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  // The offset at the wall time read as UTC is a first guess; the offset at the moment it gives is
  // the zone's own (they differ only near a clock change).
  const offset = offsetMinutes(wall - offsetMinutes(wall, timeZone) * 60_000, timeZone);
  const sign = offset < 0 ? "-" : "+";
  const abs = Math.abs(offset);
  return `${date}T${pad(hour)}:${pad(minute)}:00${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

// The server's CPU time, for the "render" part of `npm run bench`: a request's wall time on this
// shared machine follows whatever else runs, while the CPU the server spent on it does much less.
// Linux only (/proc); elsewhere the figures are left out.
import { readdirSync, readFileSync } from "node:fs";

/** Nanoseconds a thread has run, from its /proc/<pid>/task/<tid>/schedstat line. */
export function parseSchedstat(line: string): number {
  const ran = line.trim().split(/\s+/)[0];
  if (!/^\d+$/.test(ran)) throw new Error(`Not a schedstat line: ${JSON.stringify(line)}`);
  return Number(ran);
}

/**
 * Nanoseconds the process has run on a CPU, all its threads together (JavaScript, garbage
 * collection, and libuv's pool, which compresses the responses); null if it has ended or there is
 * no /proc. Nanoseconds, unlike /proc/<pid>/stat's clock ticks of 10 ms, time a single request.
 */
export function processCpuNs(pid: number): number | null {
  try {
    let total = 0;
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      try {
        total += parseSchedstat(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8"));
      } catch {
        // A thread that ended since the listing.
      }
    }
    return total;
  } catch {
    return null;
  }
}

/** Process group and command line of a /proc entry, or null. */
export function describeProcess(pid: number): { group: number; command: string } | null {
  try {
    // The command name, in parentheses, may hold spaces: the fields after it are counted from ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const group = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]);
    const command = readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ").trim();
    return { group, command };
  } catch {
    return null;
  }
}

/** The process of group `group` whose command line starts with `command`, or null. */
export function findProcess(group: number, command: string): number | null {
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return null;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const found = describeProcess(Number(entry));
    if (found?.group === group && found.command.startsWith(command)) return Number(entry);
  }
  return null;
}

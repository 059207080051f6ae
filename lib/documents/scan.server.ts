import "server-only";
import { spawn } from "node:child_process";
import { env } from "@/lib/env.server";

// The optional scanning hook: DOCUMENT_SCAN_COMMAND names a command (e.g. "clamdscan
// --no-summary --fdpass") that is run with the file's path as its last argument. Exit status 0
// means clean; anything else, or a command that cannot run, refuses the file. Unset: no scan.

/** How long a scan may take before the file is refused. */
const SCAN_TIMEOUT_MS = 120_000;

export function scanCommand(): string[] | null {
  const command = env.DOCUMENT_SCAN_COMMAND?.trim();
  return command ? command.split(/\s+/) : null;
}

/** Whether the command passes the file (true) or refuses it (false). */
export function scanFile(path: string, command: string[]): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(command[0], [...command.slice(1), path], {
      stdio: "ignore",
      timeout: SCAN_TIMEOUT_MS,
    });
    child.on("error", () => resolve(false));
    child.on("exit", (code) => resolve(code === 0));
  });
}

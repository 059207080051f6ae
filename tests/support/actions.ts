import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { actionDeclarationOf, type ActionDeclaration, type FormAction } from "@/lib/http/action.server";

// Every server action of the app, found on disk ("use server" modules under app, components and
// lib), so the tests generated from action declarations (lib/http/action.server.ts) cover a new action
// without listing it.

const ROOTS = ["app", "components", "lib"];

export interface ServerAction {
  /** e.g. lib/users/actions.ts#changePasswordAction */
  name: string;
  file: string;
  action: FormAction;
  /** null when the export was not made by action(). */
  declaration: ActionDeclaration | null;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "generated" ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Whether a module is a server actions module: its first statement is the "use server" directive. */
function isServerModule(source: string): boolean {
  return /^\s*(\/\/[^\n]*\n|\/\*[\s\S]*?\*\/\s*)*["']use server["']/.test(source);
}

/** Every export of every "use server" module, with its declaration. */
export function loadServerActions(): ServerAction[] {
  return ROOTS.flatMap((root) => sourceFiles(path.join(process.cwd(), root)))
    .filter((full) => isServerModule(readFileSync(full, "utf8")))
    .sort()
    .flatMap((full) => {
      const file = path.relative(process.cwd(), full);
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const exported = require(full) as Record<string, FormAction>;
      return Object.entries(exported).map(([name, action]) => ({
        name: `${file}#${name}`,
        file,
        action,
        declaration: actionDeclarationOf(action),
      }));
    });
}

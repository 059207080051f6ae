import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { TSX_SCRIPT_FLAGS } from "../support/scripts";

// The npm scripts run without the react-server condition (scripts/server-only-outside-next.cjs):
// under it React is its server build, and a job that queues an e-mail could not render it.

const { scripts } = JSON.parse(readFileSync(join(process.cwd(), "package.json"), "utf8")) as {
  scripts: Record<string, string>;
};

test("no npm script sets the react-server condition", () => {
  const conditioned = Object.entries(scripts)
    .filter(([, command]) => /(--conditions|-C)[= ]?\S*react-server/.test(command))
    .map(([name]) => name);
  expect(conditioned).toEqual([]);
});

test("a script run as the npm scripts run renders an e-mail", async () => {
  expect(scripts["jobs:reminders"]).toBe(`tsx ${TSX_SCRIPT_FLAGS.join(" ")} scripts/jobs-reminders.ts`);
  const render =
    'const { MAIL_PREVIEWS } = require("@/lib/mail/previews.server");' +
    'MAIL_PREVIEWS[0].render("UniSearch").then((mail) => console.log(mail.subject, mail.html.length));';
  const { stdout } = await promisify(execFile)(
    join(process.cwd(), "node_modules", ".bin", "tsx"),
    [...TSX_SCRIPT_FLAGS, "-e", render],
    { cwd: process.cwd() },
  );
  expect(stdout).toMatch(/^Marine Biology \(MSc\) at Riverside University: application received \d{4,}\n$/);
}, 30_000);

// npm runs a script through `sh -c`, and Debian's sh (dash) does not pass a SIGTERM on to the
// command it waits for: it dies, npm exits with it, and the server goes on running, orphaned. With
// `exec` the shell becomes the command, so the signal npm passes on reaches scripts/with-db.ts
// and, through it, `next start` (README, Restarts; tests/e2e/server-operations.spec.ts).
test("npm start execs its command, so that a SIGTERM sent to npm reaches the server", () => {
  expect(scripts.start).toMatch(/^exec tsx /);
});

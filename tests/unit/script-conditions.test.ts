import { readFileSync } from "node:fs";
import { join } from "node:path";

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

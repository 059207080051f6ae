// npm run create-admin -- --username ada --email ada@example.com --name "Ada Lovelace" [--team]
// The password comes from ADMIN_PASSWORD, or is asked for (not echoed) when run in a terminal.
import "./load-env";
import { parseArgs } from "node:util";
import { createInterface } from "node:readline";
import { ZodError } from "@/lib/validation/zod";
import { createPrismaClient } from "@/lib/db/client.server";
import { withDatabaseUrl } from "@/lib/db/connection.server";
import { createAdmin } from "@/lib/users/create-admin.server";

const { values } = parseArgs({
  options: {
    username: { type: "string" },
    email: { type: "string" },
    name: { type: "string" },
    team: { type: "boolean", default: false },
  },
});

async function ask(question: string, hidden = false): Promise<string> {
  if (!process.stdin.isTTY) throw new Error(`${question.replace(/: $/, "")} is required (pass it as a flag)`);
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  if (hidden) {
    // Print the prompt, then swallow the echo of what is typed.
    const write = (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput;
    (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s: string) => {
      if (s.startsWith(question)) write.call(rl, s);
    };
  }
  const answer = await new Promise<string>((resolve) => rl.question(question, resolve));
  rl.close();
  if (hidden) process.stdout.write("\n");
  return answer;
}

async function main() {
  const input = {
    username: values.username ?? (await ask("Username: ")),
    email: values.email ?? (await ask("E-mail: ")),
    fullName: values.name ?? (await ask("Full name: ")),
    password: process.env.ADMIN_PASSWORD ?? (await ask("Password: ", true)),
    adminType: values.team ? ("team" as const) : ("super" as const),
  };
  await withDatabaseUrl(async (url, mode) => {
    const prisma = createPrismaClient(url, { max: 1 });
    try {
      const admin = await createAdmin(prisma, input);
      console.log(
        `Created ${admin.adminType} admin ${admin.username} (id ${admin.id}) on the ${mode} database.`,
      );
    } finally {
      await prisma.$disconnect();
    }
  });
}

main().catch((error) => {
  if (error instanceof ZodError) {
    console.error(error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("\n"));
  } else {
    console.error(error instanceof Error ? error.message : error);
  }
  process.exit(1);
});

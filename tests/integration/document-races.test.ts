// First: DOCUMENTS_DIR must point at a temporary folder before the storage module reads it.
import { documentsDir } from "../support/temp-documents";
import { rmSync } from "node:fs";
import { PUT as putDocument } from "@/app/api/applications/drafts/[programId]/documents/[typeId]/route";
import { APPLY_LOCK_CLASS } from "@/lib/applications/commands.server";
import { prisma } from "@/lib/db/client.server";
import { documentFileAudit } from "@/lib/documents/commands.server";
import { MAX_APPLICATION_DOCUMENTS_BYTES } from "@/lib/documents/limits";
import { makePdf, makePng } from "../support/documents";
import { cleanup, createStudent, createUniversity } from "../support/factories";
import { describeOnPostgres, openSession, waitForLockWaiters } from "../support/postgres-only";
import { signIn } from "../support/roles";

// An application's documents weigh 50 MB at most together, also when two uploads arrive at the
// same moment: each passes the first check alone, and the second to store its row is refused.

afterAll(async () => {
  await cleanup();
  rmSync(documentsDir, { recursive: true, force: true });
});

describeOnPostgres("uploads at the same moment", () => {
  test("never take an application's documents past its total together", async () => {
    const university = await createUniversity({ programs: [{}] });
    const programId = university.programs[0].id;
    const types = await prisma.documentType.findMany({
      where: { name: { in: ["Transcript", "Degree certificate", "Passport"] } },
    });
    const idOf = (name: string) => types.find((type) => type.name === name)!.id;
    await prisma.programDocument.createMany({
      data: types.map((type) => ({ programId, documentType: type.name, required: false })),
    });
    const account = await createStudent();
    const student = await signIn(account.username);
    const upload = (typeId: number, body: Uint8Array, name: string) =>
      student.call(putDocument, `/api/applications/drafts/${programId}/documents/${typeId}?name=${name}`, {
        method: "PUT",
        body,
        params: { programId: String(programId), typeId: String(typeId) },
      });

    // The passport already weighs all but room for one of the two PDFs below.
    const pdf = await makePdf();
    const passport = await (await upload(idOf("Passport"), makePng(), "passport.png")).json();
    await prisma.applicationDocument.update({
      where: { id: passport.id },
      data: { size: MAX_APPLICATION_DOCUMENTS_BYTES - Math.floor(pdf.length * 1.5) },
    });

    // Both uploads are checked and stored, then wait for the student's lock, held here.
    const session = await openSession();
    let answers: Response[];
    try {
      await session.query("BEGIN");
      await session.query("SELECT pg_advisory_xact_lock($1::int, hashtext($2::text))", [
        APPLY_LOCK_CLASS,
        `${account.id}:${programId}`,
      ]);
      const sending = Promise.all([
        upload(idOf("Transcript"), pdf, "transcript.pdf"),
        upload(idOf("Degree certificate"), pdf, "degree.pdf"),
      ]);
      await waitForLockWaiters(session, 2);
      await session.query("COMMIT");
      answers = await sending;
    } finally {
      await session.end();
    }

    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 413]);
    const refused = answers.find((answer) => answer.status === 413)!;
    expect((await refused.json()).error).toMatch(
      /^The documents of one application may not exceed 50 MB together/,
    );
    const total = await prisma.applicationDocument.aggregate({
      where: { userId: account.id, programId },
      _sum: { size: true },
      _count: true,
    });
    expect(total._count).toBe(2);
    expect(total._sum.size).toBeLessThanOrEqual(MAX_APPLICATION_DOCUMENTS_BYTES);
    // The refused upload's file is gone with it: every file has its row.
    expect((await documentFileAudit({ userId: account.id })).filesWithoutRow).toEqual([]);
  });
});

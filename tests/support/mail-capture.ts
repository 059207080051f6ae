import type { Mail } from "@/lib/mail/send.server";

// E-mail kept in memory instead of queued (pg-boss), for a test file that checks what was sent
// or must not start the queue. Jest hoists jest.mock only in the test file itself, so the file
// says, before its imports:
//
//   jest.mock("@/lib/mail/send.server", () => jest.requireActual("../support/mail-capture").capturingMail());
//
// This module imports nothing at run time: the mock may be built while the test's imports load.

/** What the test file's code sent, oldest first; a test may empty it (`sent.length = 0`). */
export const sent: Mail[] = [];

/** The mail module with `sendMail` keeping each e-mail in `sent`. */
export function capturingMail() {
  return {
    ...jest.requireActual("@/lib/mail/send.server"),
    sendMail: async (mail: Mail) => void sent.push(mail),
  };
}

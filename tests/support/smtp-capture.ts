import { createServer } from "node:net";
import { SMTPServer } from "smtp-server";

// An SMTP server on loopback that keeps what it receives (end-to-end tests and the mail queue's
// and reminders' integration tests).

/** A loopback port nothing listens on (yet): SMTP is down until startSmtpCapture(port). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * How long a test waits for an e-mail: mail is queued and a server's worker looks for due mail
 * every 2 seconds (lib/mail/worker.server.ts), behind whatever else is due.
 */
export const MAIL_WAIT = { timeout: 20_000 };

export interface CapturedMail {
  to: string[];
  raw: string;
}

export async function startSmtpCapture(port: number) {
  const inbox: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
      stream.on("end", () => {
        inbox.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  // Specs in other workers capture on the same port: wait for theirs to stop (a few seconds).
  let failed: (error: Error) => void = () => undefined;
  server.on("error", (error) => failed(error));
  for (let waited = 0; ; waited += 250) {
    try {
      await new Promise<void>((resolve, reject) => {
        failed = reject;
        server.listen(port, "127.0.0.1", () => resolve());
      });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE" || waited > 60_000) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  return { inbox, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A captured mail's text, without the quoted-printable encoding mailers use for long lines ("=\n", "=3D"). */
export function decodeQuotedPrintable(text: string) {
  return text
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

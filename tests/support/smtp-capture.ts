import { SMTPServer } from "smtp-server";

// An SMTP server on loopback that keeps what it receives (end-to-end tests and the mail queue's
// integration test).

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
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { inbox, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

import { SMTPServer } from "smtp-server";
import { OAuth2Server } from "oauth2-mock-server";

// Real protocol peers on loopback for the end-to-end tests: an OpenID Connect provider standing
// in for Google, and an SMTP server that keeps what it receives.

export async function startOidcMock(port: number, identity: { sub: string; email: string; name: string }) {
  const server = new OAuth2Server();
  await server.issuer.keys.generate("RS256");
  server.service.on("beforeTokenSigning", (token) => {
    Object.assign(token.payload, {
      sub: identity.sub,
      email: identity.email,
      email_verified: true,
      name: identity.name,
    });
  });
  server.service.on("beforeUserinfo", (userInfoResponse) => {
    userInfoResponse.body = {
      sub: identity.sub,
      email: identity.email,
      email_verified: true,
      name: identity.name,
    };
  });
  // Otherwise the mock names itself "localhost", and the issuer would not match the app's setting.
  server.issuer.url = `http://127.0.0.1:${port}`;
  await server.start(port, "127.0.0.1");
  return { stop: () => server.stop() };
}

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

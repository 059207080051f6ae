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

export {
  decodeQuotedPrintable,
  MAIL_WAIT,
  startSmtpCapture,
  type CapturedMail,
} from "../support/smtp-capture";

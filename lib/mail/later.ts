import "server-only";
import { after } from "next/server";
import { sendMail, type Mail } from "./send";

/**
 * Sends `mail` once the response has gone, so the request does not wait for SMTP (registration,
 * profile changes); a failure is logged, the request's outcome stands. Outside a request (scripts,
 * tests) it starts sending at once without waiting.
 */
export function sendMailLater(mail: Mail, what: string): void {
  const send = () => sendMail(mail).catch((error) => console.error(`${what} not sent:`, error));
  try {
    after(send);
  } catch {
    void send();
  }
}

import Link from "next/link";
import { ContentPage, ContentSection, contentLinkClass } from "@/components/content/content-page";
import { SIGNED_IN_HINT_COOKIE } from "@/lib/auth/signed-in-hint";
import { DISPLAY_CURRENCY_COOKIE } from "@/lib/money/base";
import { contentMetadata, POLICIES_UPDATED_TEXT } from "@/lib/resources/pages";

const DESCRIPTION =
  "The cookies this site sets: those needed to sign in and keep you signed in, and the currency amounts are shown in. No advertising, analytics or tracking cookies.";

export const metadata = contentMetadata("/cookie-policy", "Cookie Policy", DESCRIPTION);

// The cookies are Auth.js's (lib/auth/auth.server.ts; names from @auth/core's defaults, with the
// __Secure- prefix on HTTPS, __Host- for the CSRF cookie) and the signed-in hint
// (lib/auth/signed-in-hint.ts), and the display currency (lib/money/display-cookie.server.ts, proxy.ts).
const COOKIES = [
  {
    name: "authjs.session-token",
    purpose:
      "Keeps you signed in. It holds an encrypted token naming your session and account, which only our servers can read.",
    when: "When you sign in.",
    lasts: "Up to 30 days; your session can end sooner (see the Privacy Policy), and signing out deletes it.",
  },
  {
    name: SIGNED_IN_HINT_COOKIE,
    purpose:
      "Tells the page that this browser is signed in, so that the header asks for your name. It holds only the value 1 and gives no access to anything.",
    when: "When you sign in.",
    lasts: "Up to 30 days; signing out deletes it.",
  },
  {
    name: "authjs.csrf-token",
    purpose: "Protects the sign-in and sign-out forms from being submitted by another website.",
    when: "When you open the sign-in page or sign out.",
    lasts: "Until you close the browser.",
  },
  {
    name: "authjs.callback-url",
    purpose: "Remembers which page to return to after signing in.",
    when: "When you sign in.",
    lasts: "Until you close the browser.",
  },
  {
    name: "authjs.pkce.code_verifier, authjs.state, authjs.nonce",
    purpose: "Secure the exchange with Google when you sign in with Google.",
    when: "Only during a Google sign-in.",
    lasts: "15 minutes at most.",
  },
  {
    name: DISPLAY_CURRENCY_COOKIE,
    purpose:
      "The currency tuition and fees are approximated in (a code such as EUR). It is taken from your browser's language, or is the one you chose on your profile. It identifies nobody.",
    when: "On your first visit, when your browser's language names a country; or when you choose a currency.",
    lasts: "30 days (from your browser's language) or a year (your choice).",
  },
] as const;

export default function CookiePolicyPage() {
  return (
    <ContentPage
      title="Cookie Policy"
      lead="This site sets cookies to sign you in and keep you signed in, and to remember the currency amounts are shown in. It uses no advertising, analytics or tracking cookies, and no other website places cookies through it."
      meta={POLICIES_UPDATED_TEXT}
    >
      <ContentSection id="browsing" title="Browsing without an account">
        <p>
          Searching universities and reading pages sets one cookie at most: the currency your browser&apos;s
          language suggests, so that tuition can be approximated in it. The others appear only when you open
          the sign-in page, sign in, or sign out.
        </p>
      </ContentSection>

      <ContentSection id="cookies" title="The cookies we use">
        <p>
          All of them are strictly necessary for signing in or for a feature you use, so they do not need your
          consent. They are sent only to this site and, on a secure connection, only over HTTPS. All but{" "}
          <code>{SIGNED_IN_HINT_COOKIE}</code> and <code>{DISPLAY_CURRENCY_COOKIE}</code>, which hold nothing
          secret, are HttpOnly: scripts in the page cannot read them. On a secure connection the names of the
          Auth.js cookies start with <code>__Secure-</code> or <code>__Host-</code>.
        </p>
        <div className="overflow-x-auto rounded-lg border border-slate-200">
          <table className="w-full min-w-[36rem] text-left text-sm">
            <caption className="sr-only">Cookies set by this site</caption>
            <thead className="bg-slate-50 text-slate-900">
              <tr>
                {["Cookie", "Purpose", "Set", "Lasts"].map((heading) => (
                  <th key={heading} scope="col" className="px-4 py-3 font-semibold">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {COOKIES.map((cookie) => (
                <tr key={cookie.name} className="align-top">
                  <th
                    scope="row"
                    className="px-4 py-3 font-mono text-xs font-medium break-words text-slate-900"
                  >
                    {cookie.name}
                  </th>
                  <td className="px-4 py-3">{cookie.purpose}</td>
                  <td className="px-4 py-3">{cookie.when}</td>
                  <td className="px-4 py-3">{cookie.lasts}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </ContentSection>

      <ContentSection id="local-storage" title="Your browser's local storage">
        <p>
          If you save programs or universities while signed out, the list is kept in your browser&apos;s local
          storage, on your device only. It is never sent to us until you sign in, when it is added to your
          account. Clearing this site&apos;s data in your browser removes it.
        </p>
      </ContentSection>

      <ContentSection id="control" title="Controlling cookies">
        <p>
          You can delete or block cookies in your browser&apos;s settings. Without them you can still search
          and read everything on the site, but you cannot sign in. More about what we store is in the{" "}
          <Link href="/privacy" className={contentLinkClass}>
            Privacy Policy
          </Link>
          .
        </p>
      </ContentSection>
    </ContentPage>
  );
}

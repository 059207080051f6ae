import Link from "next/link";
import {
  ContentList,
  ContentPage,
  ContentSection,
  contentLinkClass,
} from "@/components/content/content-page";
import { contentMetadata, POLICIES_UPDATED_TEXT } from "@/lib/resources/pages";

const DESCRIPTION =
  "The terms for using this site: what the information on it is and is not, your account, applications, and fair use.";

export const metadata = contentMetadata("/terms", "Terms of Service", DESCRIPTION);

export default function TermsPage() {
  return (
    <ContentPage
      title="Terms of Service"
      lead="By using this site you agree to these terms. They are written to be read: if anything is unclear, ask us."
      meta={POLICIES_UPDATED_TEXT}
    >
      <ContentSection id="information" title="The information on this site">
        <p>
          We help you find and compare universities and programs. The information here is exploratory and may
          be out of date: programs, tuition, deadlines and entry requirements are set by each university and
          change. Each university and program page shows when its information was last updated. Always check
          the official school website before you apply or make a decision; where the two differ, the
          university&apos;s own information is the one that counts.
        </p>
        <p>
          A ranking is shown only with its source and year. The{" "}
          <Link href="/resources" className={contentLinkClass}>
            guides
          </Link>{" "}
          give general information, not legal, financial or immigration advice.
        </p>
      </ContentSection>

      <ContentSection id="account" title="Your account">
        <ContentList>
          <li>Give your real name and an email address you can receive mail at.</li>
          <li>
            Keep your password to yourself, and sign out on shared computers. You are responsible for what is
            done with your account.
          </li>
          <li>
            You may delete your account at any time on your profile page. We may deactivate an account that
            breaks these terms.
          </li>
        </ContentList>
      </ContentSection>

      <ContentSection id="applications" title="Applications">
        <ContentList>
          <li>
            Everything you submit in an application (your personal statement and academic history) must be
            true and your own work.
          </li>
          <li>
            Our admissions team reviews applications and may forward them to the university. Each university
            decides on admission itself: applying here does not guarantee an offer.
          </li>
          <li>
            Deadlines are the university&apos;s. Apply early, and check the deadline on the official website.
          </li>
        </ContentList>
      </ContentSection>

      <ContentSection id="fair-use" title="Fair use">
        <p>Do not:</p>
        <ContentList>
          <li>
            try to get into other people&apos;s accounts or into parts of the site you are not allowed to use;
          </li>
          <li>
            send automated requests at a rate that slows the site for others, or get round its limits on
            sign-in attempts and messages;
          </li>
          <li>use the contact form to send advertising, abuse or anything unlawful.</li>
        </ContentList>
      </ContentSection>

      <ContentSection id="links" title="Links to other websites">
        <p>
          University pages link to the universities&apos; official websites. We do not control those sites and
          are not responsible for their content.
        </p>
      </ContentSection>

      <ContentSection id="your-data" title="Your data">
        <p>
          How we store and use your data is described in the{" "}
          <Link href="/privacy" className={contentLinkClass}>
            Privacy Policy
          </Link>{" "}
          and the{" "}
          <Link href="/cookie-policy" className={contentLinkClass}>
            Cookie Policy
          </Link>
          .
        </p>
      </ContentSection>

      <ContentSection id="changes" title="Changes to these terms">
        <p>
          When these terms change, the date at the top of this page changes with them. Questions about them
          are welcome through the{" "}
          <Link href="/contact" className={contentLinkClass}>
            contact form
          </Link>
          .
        </p>
      </ContentSection>
    </ContentPage>
  );
}

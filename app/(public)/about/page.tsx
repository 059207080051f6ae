import Link from "next/link";
import {
  ContentList,
  ContentPage,
  ContentSection,
  contentLinkClass,
} from "@/components/content/content-page";
import { contentMetadata } from "@/lib/resources/pages";

const DESCRIPTION =
  "What this site is for, where its information comes from, and how applications made here are handled.";

export const metadata = contentMetadata("/about", "About Us", DESCRIPTION);

export default function AboutPage() {
  return (
    <ContentPage
      title="About Us"
      lead="We help prospective students find universities and programs around the world, compare them, and apply in one place."
    >
      <ContentSection id="what-we-do" title="What you can do here">
        <ContentList>
          <li>
            <Link href="/universities/search" className={contentLinkClass}>
              Search universities
            </Link>{" "}
            by name, country, study level, field and tuition, and open each university&apos;s page with its
            programs, tuition and deadlines.
          </li>
          <li>
            Create a free student account to apply to a program with a personal statement and your academic
            history, save drafts as you write, and follow each application&apos;s status under My
            Applications.
          </li>
          <li>
            Read the{" "}
            <Link href="/resources" className={contentLinkClass}>
              guides
            </Link>{" "}
            on choosing a program, writing a personal statement, preparing an application, tests, visas and
            costs.
          </li>
        </ContentList>
      </ContentSection>

      <ContentSection id="where-information-comes-from" title="Where the information comes from">
        <p>
          The list of universities, with their countries and official websites, comes from the open{" "}
          <a
            href="https://github.com/Hipo/university-domains-list"
            className={contentLinkClass}
            target="_blank"
            rel="noopener noreferrer"
          >
            university-domains-list
            <span className="sr-only"> (opens in a new tab)</span>
          </a>{" "}
          (MIT licence). Programs, tuition, deadlines, descriptions and rankings are entered by our
          administrators; a ranking is shown only with its source and year. Each university and program page
          says when its information was last updated and links to the official website.
        </p>
        <p>
          The information here is exploratory and may be out of date. Always check the official school website
          before you apply: the university&apos;s own requirements, fees and deadlines are the ones that
          count.
        </p>
      </ContentSection>

      <ContentSection id="applications" title="How applications are handled">
        <p>
          When you apply through this site, our admissions team reviews your application and may forward it to
          the university. You can see each change of status, and any note from the reviewer, under My
          Applications. A university makes its own admission decision; we cannot promise a place.
        </p>
      </ContentSection>

      <ContentSection id="your-data" title="Your data">
        <p>
          We keep only what the site needs to work, and nothing is sold or used for advertising. The{" "}
          <Link href="/privacy" className={contentLinkClass}>
            Privacy Policy
          </Link>{" "}
          lists what is stored and why, and the{" "}
          <Link href="/cookie-policy" className={contentLinkClass}>
            Cookie Policy
          </Link>{" "}
          the few cookies we use.
        </p>
      </ContentSection>

      <ContentSection id="get-in-touch" title="Get in touch">
        <p>
          Questions, corrections to a university&apos;s information, or feedback: write to us with the{" "}
          <Link href="/contact" className={contentLinkClass}>
            contact form
          </Link>
          .
        </p>
      </ContentSection>
    </ContentPage>
  );
}

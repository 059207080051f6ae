import Link from "next/link";
import { ContactForm } from "@/components/contact/contact-form";
import { ContentPage, contentLinkClass } from "@/components/content/content-page";
import { contentMetadata } from "@/lib/resources/pages";

const DESCRIPTION = "Send us a question, a correction to a university's information, or feedback.";

export const metadata = contentMetadata("/contact", "Contact", DESCRIPTION);

// The form posts to a server action, so it works without JavaScript (components/contact).
export default function ContactPage() {
  return (
    <ContentPage
      title="Contact"
      lead="Send us a question, a correction to a university's information, or feedback. We reply by email."
    >
      <section
        aria-labelledby="contact-form-heading"
        className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
      >
        <h2 id="contact-form-heading" className="mb-5 text-xl font-semibold text-slate-900">
          Write to us
        </h2>
        <ContactForm />
      </section>
      <div className="flex flex-col gap-3 text-sm text-slate-600">
        <p>
          For questions about an application you made, include the program and university. Admission decisions
          are made by each university; for its requirements and deadlines, its official website is the
          reference.
        </p>
        <p>
          We store your name, email address and message so that we can answer you. See the{" "}
          <Link href="/privacy" className={contentLinkClass}>
            Privacy Policy
          </Link>
          .
        </p>
      </div>
    </ContentPage>
  );
}

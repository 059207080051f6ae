import Link from "next/link";
import {
  ContentList,
  ContentPage,
  ContentSection,
  contentLinkClass,
} from "@/components/content/content-page";
import { SESSION_LIFETIMES } from "@/lib/auth/session-lifetime";
import { CONTACT_MESSAGES_PER_ADDRESS_PER_HOUR, DATA_EXPORTS_PER_HOUR } from "@/lib/auth/rate-limit.server";
import { contentMetadata, POLICIES_UPDATED_TEXT } from "@/lib/resources/pages";

const DESCRIPTION =
  "What this site stores about you, why, who can see it, how long it is kept, and how to have it deleted.";

export const metadata = contentMetadata("/privacy", "Privacy Policy", DESCRIPTION);

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
const studentIdleDays = SESSION_LIFETIMES.user.idleMs / DAY;
const studentMaxDays = SESSION_LIFETIMES.user.absoluteMs / DAY;
const adminIdleHours = SESSION_LIFETIMES.admin.idleMs / HOUR;
const adminMaxHours = SESSION_LIFETIMES.admin.absoluteMs / HOUR;

// A description of what the code stores (prisma/schema.prisma, lib/auth, lib/mail, lib/audit,
// lib/contact): change it when they change.
export default function PrivacyPage() {
  return (
    <ContentPage
      title="Privacy Policy"
      lead="This page lists what this site stores about you, why it needs it, who can see it and how long it is kept. We do not sell your data, show advertising or use tracking or analytics services."
      meta={POLICIES_UPDATED_TEXT}
    >
      <ContentSection id="browsing" title="When you browse">
        <p>
          You can search universities, read their pages and the guides without an account. No cookies are set
          and nothing about you is stored while you do. Pages load nothing from other websites (no fonts,
          scripts or trackers), with one exception: university photos may be served from our file storage
          provider.
        </p>
        <p>
          Our servers log each request to the site&apos;s API: the time, the address requested (without its
          query), the result, how long it took, a request number and, when you are signed in, your account
          number. The log does not contain your IP address or anything you typed. We use it to find and fix
          faults.
        </p>
      </ContentSection>

      <ContentSection id="account" title="Your account">
        <p>When you register, we store:</p>
        <ContentList>
          <li>your full name, email address and username;</li>
          <li>
            your password, as a one-way hash (argon2): nobody, including us, can read the password from it;
          </li>
          <li>
            when the account was created, when you last signed in, and whether and when you confirmed your
            email address;
          </li>
          <li>
            if you sign in with Google, your Google account identifier, and from Google your name and email
            address;
          </li>
          <li>
            for email confirmation and password reset links, a hash of the link&apos;s code and its expiry
            time, deleted once it is used or replaced.
          </li>
          <li>
            when you ask to change your email address, the new address until you open the link we send to it:
            only then does it replace your current one.
          </li>
        </ContentList>
        <p>
          We use these to let you sign in, to show your name, and to send you the emails described below. You
          can change your name and email address on your profile. A new address waiting for its link is
          deleted when you cancel the change, reset your password, or when another account registers or
          confirms that address first; it blocks nobody from registering with it.
        </p>
      </ContentSection>

      <ContentSection id="sessions" title="Signing in">
        <p>
          Each browser you sign in with has a session record: when it started, when it was last used, and when
          it ends. A student&apos;s session ends after {studentIdleDays} days without use or {studentMaxDays}{" "}
          days after signing in; an administrator&apos;s after {adminIdleHours} hours without use or{" "}
          {adminMaxHours} hours. Signing out ends it at once. Ended sessions are deleted the next time you
          sign in. The session is identified by a cookie, described in the{" "}
          <Link href="/cookie-policy" className={contentLinkClass}>
            Cookie Policy
          </Link>
          .
        </p>
        <p>
          To protect accounts from password guessing, failed sign-ins are counted per account (per name typed,
          when it belongs to no account) and, when our servers know it, per network (IP) address.
          Registrations are counted per network address (all together when our servers do not know it);
          password-reset and verification emails are counted per account, and password-reset requests per
          network address. These counters expire on their own, within a day of the last attempt, and are then
          deleted.
        </p>
      </ContentSection>

      <ContentSection id="applications" title="Your applications">
        <p>
          When you apply to a program, we store your personal statement, the academic history you give
          (institution, degree, grade point average, graduation year), the date, the date by which our team
          aims to decide it, and the application&apos;s status. Each status change is recorded with the
          reviewer&apos;s name and any note they write to you. While you write, a draft is saved to your
          account so you can continue later; it is deleted when you submit the application. If you withdraw an
          application, its answers become the draft again, so that you can apply again from them.
        </p>
        <p>
          The documents you upload for an application (transcripts, certificates, a passport, a CV...) are
          kept in private storage, never at a public address: you can open them, and our admissions team can
          once you submit the application. They are deleted with your account. If our team asks you for a
          document or a correction after you apply, we keep its message, what you upload and answer (a new
          version is kept beside the one you submitted), and who asked and closed it, with the application.
        </p>
        <p>
          Our admissions team (the site&apos;s administrators) reads applications to review them and may pass
          them on to the university you applied to. Team members may be emailed when you apply, answer a
          request, reply to an offer or withdraw, or when a decision is late, at once or in a daily summary;
          we record which of these steps wait for a summary or were listed in one, until the application is
          deleted. If a program is withdrawn, your application is kept and marked as no longer offered, so you
          keep your record of it.
        </p>
      </ContentSection>

      <ContentSection id="references" title="References and your referees">
        <p>
          When a program asks for references, you name your referees on your applications page. We store each
          referee&apos;s name, email address and how they know you, whether you gave up the right to read
          their reference, where the request stands (requested, received, declined, or the email could not be
          delivered), and the dates of the request, of your one reminder and of their answer. Each of these
          steps is also recorded in the application&apos;s history.
        </p>
        <p>
          We email each referee a link to answer; the link works once, for 30 days, and we keep only a
          fingerprint of it, not the link itself. The referee&apos;s answer is kept with your application: the
          reference they write or the PDF they upload (in private storage, like your documents), or their
          reason for declining. Our admissions team reads every reference. You read a reference only if you
          did not give up the right to read it; you always see where it stands and a referee&apos;s reason for
          declining. References are deleted with the application, and so with your account.
        </p>
      </ContentSection>

      <ContentSection id="shortlist" title="Saved programs, universities and scholarships">
        <p>
          When you save a program, university or scholarship while signed out, the list is kept only in your
          own browser (its local storage), not on our servers. When you sign in, it is added to your account
          so that you see it on any device; clearing your browser&apos;s site data removes the browser&apos;s
          copy.
        </p>
        <p>
          The searches you save (their filters and the name you give them) are kept with your account. For
          each one with its alert on, we email you once a week what is new or changed in its results, and
          record when we did, so that nothing is sent twice. Turn an alert off, or delete the search, on your
          Saved searches page or with the unsubscribe link in any alert; they are deleted with your account.
        </p>
      </ContentSection>

      <ContentSection id="study-profile" title="Your study profile">
        <p>
          On your profile you may give your nationality, country of residence, highest qualification and
          grade, English test results with their dates, yearly budget with its currency and when you would
          like to start. All of it is optional. We use it only to help you: program pages show you, and only
          you, which entry requirements you meet. Universities and our admissions team do not see it, it is
          not part of your applications, and we use it for nothing else (no advertising, no profiling). You
          can change or clear it at any time; it is in your data download and deleted with your account.
        </p>
      </ContentSection>

      <ContentSection id="emails" title="Emails we send">
        <p>
          We send email only about your account and applications: confirming your address, password reset
          links, notices when your email address or password changes, a receipt when you submit or withdraw an
          application, changes in an application&apos;s status, a request of our team for a document or a
          correction, a reminder to reply to an offer, a referee&apos;s answer, and deadline reminders. The
          referees you name get the request for a reference, and your one reminder, from us. Each email waits
          in a queue in our database until it is delivered, so that none is lost when the mail server is
          unavailable; the queue keeps a sent or failed email for a week, then deletes it.
        </p>
        <p>
          Deadline reminders are emailed 14 and 3 days before the deadline of each program on your shortlist
          or with an application draft, until you apply, and of each scholarship on your shortlist. They are
          on when you register; turn them off on your profile or with the unsubscribe link in any reminder. We
          record which reminders we sent (program or scholarship, deadline and when), and which offers we
          reminded you to reply to, so that none is sent twice; that record is deleted with your account.
        </p>
        <p>
          Your profile also shows a private calendar address that lists the deadlines of the programs you
          saved or applied to and of the scholarships you saved, the dates by which to reply to an offer, and
          your interviews (when and where), for your calendar app. Anyone who has that address can read those
          dates, without signing in; resetting it on your profile makes the old address stop working at once.
        </p>
      </ContentSection>

      <ContentSection id="contact" title="Messages to us">
        <p>
          When you use the{" "}
          <Link href="/contact" className={contentLinkClass}>
            contact form
          </Link>
          , we store your name, email address, subject, message and the time it was sent, so that our team can
          read it and answer you by email. It is not linked to your account. To limit abuse, messages are
          counted per network address ({CONTACT_MESSAGES_PER_ADDRESS_PER_HOUR} an hour); that counter expires
          after an hour and is then deleted. Messages are kept until an administrator deletes them once they
          are dealt with; ask us in a message if you want yours deleted sooner.
        </p>
      </ContentSection>

      <ContentSection id="administration" title="Administration records">
        <p>
          Every change an administrator makes (to universities, programs, applications, user accounts or
          settings) is recorded with the administrator&apos;s name, the time, and the record before and after
          the change. Records of user accounts in this log never contain passwords or sign-in codes. Each
          download of an account&apos;s data is recorded there too, with the account&apos;s name and the time.
          Only senior administrators can read it; it exists so that every change can be accounted for.
        </p>
      </ContentSection>

      <ContentSection id="who-sees" title="Who can see your data">
        <ContentList>
          <li>You, on your dashboard, applications and profile pages.</li>
          <li>
            The site&apos;s administrators, who manage accounts and review applications. Only what they need
            is shown to them; passwords are never visible to anyone.
          </li>
          <li>The university you apply to, when the admissions team forwards your application.</li>
          <li>
            The companies that host the site, its database, its file storage and its email delivery, which
            process the data only to provide those services.
          </li>
        </ContentList>
      </ContentSection>

      <ContentSection id="your-data" title="A copy of your data">
        <p>
          On your profile, &ldquo;Download my data&rdquo; gives you at once a ZIP file of everything we keep
          about your account: your details, your applications with their history, your drafts, your shortlist,
          your study profile, your saved searches, your reminder settings and which reminders we sent, your
          sign-in sessions (when they started and were last used), the documents you uploaded, as you uploaded
          them, and the referees you named with the references you did not give up reading. It holds a file
          for other programs (data.json) and a page to read in a browser (index.html). Only you can download
          it, while signed in; each download is recorded in the administration records, and you can download
          it {DATA_EXPORTS_PER_HOUR} times an hour.
        </p>
      </ContentSection>

      <ContentSection id="deleting" title="Deleting your account">
        <p>
          You can delete your student account yourself on your profile page. This deletes the account with its
          applications, their references, drafts, uploaded documents, study profile and sessions at once. An
          administrator can also delete a student account. Entries in the administration records and emails
          already in the queue are not changed by it; the queue deletes them within a week.
        </p>
      </ContentSection>

      <ContentSection id="questions" title="Questions">
        <p>
          For any question about your data, or to ask for a correction, write to us with the{" "}
          <Link href="/contact" className={contentLinkClass}>
            contact form
          </Link>
          .
        </p>
      </ContentSection>
    </ContentPage>
  );
}

import "server-only";
import type { DueStudent } from "@/lib/reminders/job.server";
import type { RenderedMail } from "./render.server";
import { applicationMail, teamApplicationMail, type MailSubject } from "./templates/application.server";
import { transitionNamed } from "@/lib/applications/workflow";
import {
  moveSentence,
  newSubmissionNotice,
  requestAnsweredNotice,
  submissionSentence,
  teamNotice,
  type TeamNotice,
} from "./templates/team-notice.server";
import { staffDigestMail } from "./templates/staff-digest.server";
import { offerReplyReminder } from "./templates/offer-reply-reminder.server";
import { documentRequest } from "./templates/document-request.server";
import { applicationReceived } from "./templates/application-received.server";
import { applicationStatus } from "./templates/application-status.server";
import { deadlineReminderMail } from "./templates/deadline-reminder.server";
import { emailChangeRequestedMail } from "./templates/email-change-requested.server";
import { emailChangedMail } from "./templates/email-changed.server";
import { passwordChangedMail } from "./templates/password-changed.server";
import { passwordResetMail } from "./templates/password-reset.server";
import { verifyEmailMail } from "./templates/verify-email.server";
import { searchAlertMail } from "./templates/search-alert.server";
import { referenceRequestMail, type ReferenceRequest } from "./templates/reference-request.server";
import { referenceAnswered } from "./templates/reference-answered.server";

// Every e-mail the app sends, rendered with sample data: the development preview (/dev/emails)
// shows them, and tests/unit/mail-templates.test.ts checks each. A new template gets its samples
// here (DEVELOPERS.md "E-mails").

export interface MailPreview {
  /** The preview's address: /dev/emails#<id>. */
  id: string;
  /** The template's file under lib/mail/templates. */
  template: string;
  /** When the app sends it. */
  sentWhen: string;
  render(platformName: string): Promise<RenderedMail>;
}

const NOW = new Date("2026-03-02T09:00:00Z");
const days = (n: number) => new Date(NOW.getTime() + n * 86_400_000);

const ROBIN = { email: "robin@example.com", fullName: "Robin Moreau", emailVerifiedAt: days(-30) };
/** An admin of the team, for the e-mails the team gets. */
const TARA = { email: "tara@example.com", fullName: "Tara Team", emailVerifiedAt: days(-90) };

/** Tara's notice of a move Robin (or the jobs) made on the sample application. */
function toTeam(platformName: string, notice: Omit<TeamNotice, "studentName">) {
  return teamApplicationMail(
    TARA,
    APPLICATION.program,
    42,
    platformName,
    teamNotice({ ...notice, studentName: ROBIN.fullName }),
  );
}

/** Who the team is told of, and how, in the sentWhen lines below. */
const STAFF_TOLD =
  "To the staff who handle the application (its assignee, else those who handle its university) and chose an e-mail at once";
const ACCOUNT = { fullName: ROBIN.fullName, emailVerifiedAt: ROBIN.emailVerifiedAt, username: "robin" };
const APPLICATION: MailSubject = {
  user: ROBIN,
  program: { name: "Marine Biology", degree: "MSc", university: { name: "Riverside University" } },
};
/** A sample token: the real ones are 43 random base64url characters. */
const TOKEN = "sample-token-0123456789abcdefghijklmnopqrstu";

function reminderStudent(
  programs: DueStudent["programs"],
  scholarships: DueStudent["scholarships"] = [],
): DueStudent {
  return {
    userId: 1,
    email: ROBIN.email,
    fullName: ROBIN.fullName,
    emailVerifiedAt: ROBIN.emailVerifiedAt,
    programs,
    scholarships,
  };
}

const MARINE = {
  programId: 101,
  name: "Marine Biology",
  degree: "MSc",
  universityName: "Riverside University",
  universitySlug: "riverside-university",
  deadline: new Date("2026-03-05T00:00:00Z"),
  timeZone: "Europe/Paris",
  daysBefore: 3 as const,
  draft: true,
};
const LAW = {
  programId: 102,
  name: "Ocean Law",
  degree: "LLM",
  universityName: "Harbour College",
  universitySlug: "harbour-college",
  deadline: new Date("2026-03-16T00:00:00Z"),
  timeZone: "Europe/London",
  daysBefore: 14 as const,
  draft: false,
};
const OCEAN_FUND = {
  scholarshipId: 201,
  name: "Blue Ocean Master's Scholarship",
  provider: "Blue Ocean Fund",
  deadline: new Date("2026-03-10T00:00:00Z"),
  timeZone: "UTC",
  daysBefore: 14 as const,
};

const SEARCH_ALERT_STUDENT = {
  userId: 7,
  email: "amira@example.com",
  fullName: "Amira Haddad",
  emailVerifiedAt: NOW,
  searches: [
    {
      searchId: 11,
      name: "Marine master's in France",
      kind: "programs" as const,
      query: "country=FR&level=Master",
      since: NOW,
      total: 12,
      items: [
        {
          id: 1,
          title: "Marine Biology (MSc), Riverside University",
          path: "/university/riverside-university",
          isNew: true,
        },
        {
          id: 2,
          title: "Ocean Engineering (MEng), Riverside University",
          path: "/university/riverside-university",
          isNew: false,
        },
      ],
    },
    {
      searchId: 12,
      name: "Cheap in Portugal",
      kind: "universities" as const,
      query: "cost=5000&country=PT",
      since: NOW,
      total: 1,
      items: [
        { id: 3, title: "Harbour College, Portugal", path: "/university/harbour-college", isNew: true },
      ],
    },
  ],
};

export const MAIL_PREVIEWS: MailPreview[] = [
  {
    id: "application-received",
    template: "application-received.server.tsx",
    sentWhen: "A student submits an application.",
    render: (platformName) =>
      applicationMail(APPLICATION, platformName, applicationReceived(APPLICATION.program, NOW)),
  },
  {
    id: "application-status-offer",
    template: "application-status.server.tsx",
    sentWhen: "The team makes an offer (each move of the transition table that mails the student).",
    render: (platformName) =>
      applicationMail(
        APPLICATION,
        platformName,
        applicationStatus({
          status: "approved",
          conditions: ["IELTS 6.5 overall", "Final transcript with a GPA of at least 3.0"],
          replyBy: "2026-03-16",
          note: "Congratulations!\nWe look forward to meeting you in September.",
        }),
      ),
  },
  {
    id: "application-status-withdrawn",
    template: "application-status.server.tsx",
    sentWhen: "A student withdraws an application, saying why.",
    render: (platformName) =>
      applicationMail(
        APPLICATION,
        platformName,
        applicationStatus({
          status: "withdrawn",
          nextStep: "Your answers are kept as a draft, if you apply again before the deadline.",
          reason: "I accepted a place elsewhere.",
        }),
      ),
  },
  {
    id: "document-request",
    template: "document-request.server.tsx",
    sentWhen: "The team asks the student for a document on the application's page.",
    render: (platformName) =>
      applicationMail(
        APPLICATION,
        platformName,
        documentRequest({
          documentType: "Transcript",
          message: "The transcript you sent is cut off after page 2.\nPlease upload all of its pages.",
        }),
      ),
  },
  {
    id: "document-request-correction",
    template: "document-request.server.tsx",
    sentWhen: "The team asks the student for a correction (no document type).",
    render: (platformName) =>
      applicationMail(
        APPLICATION,
        platformName,
        documentRequest({ documentType: null, message: "Your graduation year says 2031: is it 2021?" }),
      ),
  },
  {
    id: "deadline-reminder",
    template: "deadline-reminder.server.tsx",
    sentWhen:
      "npm run jobs:reminders: deadlines of drafts, shortlisted programs and scholarships 14 and 3 days ahead.",
    render: (platformName) =>
      deadlineReminderMail(reminderStudent([MARINE, LAW], [OCEAN_FUND]), NOW, platformName),
  },
  {
    id: "deadline-reminder-one",
    template: "deadline-reminder.server.tsx",
    sentWhen: "The same, for a single program (its subject names it).",
    render: (platformName) => deadlineReminderMail(reminderStudent([LAW]), NOW, platformName),
  },
  {
    id: "deadline-reminder-scholarship",
    template: "deadline-reminder.server.tsx",
    sentWhen: "The same, for a single scholarship on the shortlist.",
    render: (platformName) => deadlineReminderMail(reminderStudent([], [OCEAN_FUND]), NOW, platformName),
  },
  {
    id: "search-alert",
    template: "search-alert.server.tsx",
    sentWhen:
      "npm run jobs:search-alerts (weekly): what is new or changed in the saved searches with alerts on.",
    render: (platformName) => searchAlertMail(SEARCH_ALERT_STUDENT, platformName),
  },
  {
    id: "search-alert-unverified",
    template: "search-alert.server.tsx",
    sentWhen: "The same, to an address not yet verified: the searches' names are not repeated.",
    render: (platformName) =>
      searchAlertMail(
        { ...SEARCH_ALERT_STUDENT, emailVerifiedAt: null, searches: [SEARCH_ALERT_STUDENT.searches[1]] },
        platformName,
      ),
  },
  {
    id: "verify-email",
    template: "verify-email.server.tsx",
    sentWhen: "Registration, and Resend link on the profile.",
    render: (platformName) => verifyEmailMail(TOKEN, platformName),
  },
  {
    id: "verify-email-change",
    template: "verify-email.server.tsx",
    sentWhen: "A new e-mail address entered on the profile (sent to the new address).",
    render: (platformName) => verifyEmailMail(TOKEN, platformName, "change"),
  },
  {
    id: "email-change-requested",
    template: "email-change-requested.server.tsx",
    sentWhen: "A new e-mail address entered on the profile (sent to the current address).",
    render: (platformName) => emailChangeRequestedMail(ACCOUNT, "robin.moreau@example.org", platformName),
  },
  {
    id: "email-changed",
    template: "email-changed.server.tsx",
    sentWhen: "The link sent to the new address is opened (sent to the former address).",
    render: (platformName) => emailChangedMail(ACCOUNT, "robin.moreau@example.org", platformName),
  },
  {
    id: "password-reset",
    template: "password-reset.server.tsx",
    sentWhen: "Forgot password.",
    render: (platformName) => passwordResetMail(ACCOUNT, TOKEN, platformName),
  },
  {
    id: "password-changed",
    template: "password-changed.server.tsx",
    sentWhen: "The password is changed on the profile.",
    render: (platformName) => passwordChangedMail(ACCOUNT, platformName),
  },
  {
    id: "offer-reply-reminder",
    template: "offer-reply-reminder.server.tsx",
    sentWhen: "Three days before an offer's reply-by date, once (npm run jobs:applications).",
    render: (platformName) =>
      applicationMail(APPLICATION, platformName, offerReplyReminder("Riverside University", "12 March 2026")),
  },
  {
    id: "offer-declined-by-default",
    template: "team-notice.server.tsx",
    sentWhen: `${STAFF_TOLD}, when an offer's reply-by date passed without a reply.`,
    render: (platformName) =>
      toTeam(platformName, { transition: transitionNamed("decline-by-default"), replyBy: days(-1) }),
  },
  {
    id: "team-notice",
    template: "team-notice.server.tsx",
    sentWhen: `${STAFF_TOLD}, when a student replies to an offer or withdraws.`,
    render: (platformName) =>
      toTeam(platformName, {
        transition: transitionNamed("decline-offer"),
        reason: "I chose a program nearer home.",
      }),
  },
  {
    id: "team-notice-overdue",
    template: "team-notice.server.tsx",
    sentWhen: `${STAFF_TOLD}, when an undecided application passed its decide-by date (npm run jobs:applications).`,
    render: (platformName) =>
      toTeam(platformName, { transition: transitionNamed("mark-inactive"), decideBy: days(-1) }),
  },
  {
    id: "team-notice-new-submission",
    template: "team-notice.server.tsx",
    sentWhen:
      "To the staff who handle the program's university and chose an e-mail at once for new applications.",
    render: (platformName) =>
      teamApplicationMail(
        TARA,
        APPLICATION.program,
        42,
        platformName,
        newSubmissionNotice(ROBIN.fullName, NOW),
      ),
  },
  {
    id: "team-notice-request-answered",
    template: "team-notice.server.tsx",
    sentWhen: `${STAFF_TOLD}, when a student answers a request of the team.`,
    render: (platformName) =>
      teamApplicationMail(
        TARA,
        APPLICATION.program,
        42,
        platformName,
        requestAnsweredNotice({
          studentName: ROBIN.fullName,
          documentType: null,
          answer: "My graduation year is 2021: I mistyped it.",
        }),
      ),
  },
  {
    id: "staff-digest",
    template: "staff-digest.server.tsx",
    sentWhen:
      "npm run jobs:digest, daily: to each staff member the events since their last digest of the kinds they chose for it.",
    render: (platformName) =>
      staffDigestMail(
        TARA,
        [
          {
            kind: "newSubmission",
            applicationId: 42,
            program: APPLICATION.program,
            what: submissionSentence(ROBIN.fullName, NOW),
          },
          {
            kind: "newSubmission",
            applicationId: 43,
            program: { name: "Ocean Law", degree: "LLM", university: { name: "Harbour College" } },
            what: submissionSentence("Sam Lee", NOW),
          },
          {
            kind: "overdue",
            applicationId: 40,
            program: APPLICATION.program,
            what: moveSentence({
              transition: transitionNamed("mark-inactive"),
              studentName: "Ada Byron",
              decideBy: days(-1),
            }),
          },
        ],
        platformName,
      ),
  },
  {
    id: "reference-request",
    template: "reference-request.server.tsx",
    sentWhen: "To a referee the student names on My Applications (or names in place of another).",
    render: (platformName) => referenceRequestMail(REFERENCE_REQUEST, platformName),
  },
  {
    id: "reference-reminder",
    template: "reference-request.server.tsx",
    sentWhen: "The student's one reminder to a referee, 7 days after the request at the earliest.",
    render: (platformName) =>
      referenceRequestMail({ ...REFERENCE_REQUEST, waived: true, reminder: true }, platformName),
  },
  {
    id: "reference-received",
    template: "reference-answered.server.tsx",
    sentWhen: "To the student when a referee sends their reference.",
    render: (platformName) =>
      applicationMail(APPLICATION, platformName, referenceAnswered("Dr Ada Lovelace", { declined: false })),
  },
  {
    id: "reference-declined",
    template: "reference-answered.server.tsx",
    sentWhen: "To the student when a referee declines, with their reason.",
    render: (platformName) =>
      applicationMail(
        APPLICATION,
        platformName,
        referenceAnswered("Dr Ada Lovelace", {
          declined: true,
          reason: "I supervised Robin for only two weeks.\nAsk someone who knows their work better.",
        }),
      ),
  },
];

const REFERENCE_REQUEST: ReferenceRequest = {
  studentName: ROBIN.fullName,
  program: APPLICATION.program,
  relationship: "Thesis supervisor",
  waived: false,
  token: TOKEN,
  expiresAt: days(30),
  reminder: false,
};

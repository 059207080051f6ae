import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { env } from "@/lib/env.server";
import { MAIL_COLORS, mailText, Paragraph } from "@/lib/mail/blocks.server";
import { MAIL_PREVIEWS } from "@/lib/mail/previews.server";
import type { RenderedMail } from "@/lib/mail/render.server";
import { deadlineReminderMail } from "@/lib/mail/templates/deadline-reminder.server";

// Every e-mail the app sends, rendered from the development preview's samples
// (lib/mail/previews.server.ts): its subject, its words in both parts, its links, and what mail
// apps and screen readers need of its HTML.

/** The subject and the words each sample must show, in the HTML and in the text alike. */
const EXPECTED: Record<string, { subject: string; says: string[] }> = {
  "search-alert": {
    subject: "New or changed results in 2 of your saved searches",
    says: [
      "Hello Amira Haddad,",
      "13 results are new or changed in your saved searches since the last e-mail.",
      `Your saved search "Marine master's in France": 12 results.`,
      "New: Marine Biology (MSc), Riverside University",
      "Changed: Ocean Engineering (MEng), Riverside University",
      "And 10 more.",
      `Your saved search "Cheap in Portugal": 1 result.`,
      "New: Harbour College, Portugal",
      "e-mails you once a week when your saved searches have new or changed results",
    ],
  },
  "search-alert-unverified": {
    subject: "1 new or changed result in your saved search",
    says: ["Hello,", "Your saved search of universities: 1 result.", "New: Harbour College, Portugal"],
  },
  "offer-reply-reminder": {
    subject: "Marine Biology (MSc) at Riverside University: reply to your offer by 12 March 2026",
    says: [
      "Hello Robin Moreau,",
      "Reply to your offer from Riverside University by 12 March 2026: accept or decline it on your applications page.",
      "Without a reply by the end of that day, the offer is declined for you.",
    ],
  },
  "offer-declined-by-default": {
    subject: "Marine Biology (MSc) at Riverside University: offer declined by default",
    says: [
      "Hello Tara Team,",
      "Robin Moreau did not reply to the offer by its reply-by date, 1 March 2026, so it was declined by default.",
      "The application",
    ],
  },
  "team-notice": {
    subject: "Marine Biology (MSc) at Riverside University: Offer Declined (Robin Moreau)",
    says: [
      "Hello Tara Team,",
      "Robin Moreau declined the offer.",
      "The student's reason:",
      "I chose a program nearer home.",
      "The application",
    ],
  },
  "team-notice-overdue": {
    subject: "Marine Biology (MSc) at Riverside University: no decision by the decide-by date",
    says: [
      "Hello Tara Team,",
      "Robin Moreau's application had no decision by its decide-by date, 1 March 2026, so it is now inactive.",
      "The team can still decide it.",
      "The application",
      "Choose which e-mails you get",
    ],
  },
  "team-notice-new-submission": {
    subject: "Marine Biology (MSc) at Riverside University: new application (Robin Moreau)",
    says: [
      "Hello Tara Team,",
      "Robin Moreau applied on 2 March 2026. Its status is Pending.",
      "The application",
      "You get this e-mail because you are on the admissions team of UniSearch.",
    ],
  },
  "team-notice-request-answered": {
    subject: "Marine Biology (MSc) at Riverside University: request answered (Robin Moreau)",
    says: [
      "Robin Moreau answered the team's request for a correction.",
      "The request waits for the team to close it.",
      "The student's answer:",
      "My graduation year is 2021: I mistyped it.",
      "The application",
    ],
  },
  "staff-digest": {
    subject: "Your daily digest: 3 updates on applications",
    says: [
      "Hello Tara Team,",
      "Here is what happened since your last digest.",
      "New applications (2):",
      "Marine Biology (MSc) at Riverside University: Robin Moreau applied on 2 March 2026.",
      "Ocean Law (LLM) at Harbour College: Sam Lee applied on 2 March 2026.",
      "Past the decide-by date (1):",
      "Ada Byron's application had no decision by its decide-by date, 1 March 2026, so it is now inactive.",
      "The application",
      "Choose which e-mails you get",
    ],
  },
  "application-received": {
    subject: "Marine Biology (MSc) at Riverside University: application received",
    says: [
      "Hello Robin Moreau,",
      "We received your application to the Marine Biology (MSc) at Riverside University on 2 March 2026.",
      'Its status is "Pending"',
      "Follow your applications",
    ],
  },
  "application-status-offer": {
    subject: "Marine Biology (MSc) at Riverside University: your application is now Approved",
    says: [
      "The university offered you a place.",
      "The offer's conditions:",
      "IELTS 6.5 overall",
      "Reply to the offer by 2026-03-16.",
      "Note from the admissions team:",
      "We look forward to meeting you in September.",
    ],
  },
  "application-status-withdrawn": {
    subject: "Marine Biology (MSc) at Riverside University: your application is now Withdrawn",
    says: ["The application was withdrawn.", "Your answers are kept as a draft", "The reason given:"],
  },
  "document-request": {
    subject: "Marine Biology (MSc) at Riverside University: action required: Transcript",
    says: [
      "Hello Robin Moreau,",
      "The admissions team asks you for your Transcript.",
      "The team's message:",
      "The transcript you sent is cut off after page 2.",
      "Please upload all of its pages.",
      "Upload it and answer the request on your applications page",
      "Follow your applications",
    ],
  },
  "document-request-correction": {
    subject: "Marine Biology (MSc) at Riverside University: action required: a correction",
    says: [
      "The admissions team asks you for a correction to your application.",
      "Your graduation year says 2031: is it 2021?",
      "Answer the request on your applications page",
    ],
  },
  "deadline-reminder": {
    subject: "Reminder: 3 application deadlines are coming up",
    says: [
      "These application deadlines are coming up:",
      "Marine Biology (MSc), Riverside University: deadline 5 March 2026, 23:59 (Europe/Paris) (3 days left).",
      "Your draft is saved. Finish your application",
      "Ocean Law (LLM), Harbour College: deadline 16 March 2026, 23:59 (Europe/London) (14 days left).",
      "On your shortlist",
      "Blue Ocean Master's Scholarship, Blue Ocean Fund: deadline 10 March 2026, 23:59 (UTC) (8 days left).",
      "Scholarship on your shortlist",
      "reminds you 14 and 3 days before the deadlines of the programs and scholarships on your shortlist",
      "To stop these e-mails, unsubscribe here",
      "turn them off on your profile",
    ],
  },
  "deadline-reminder-one": {
    subject: "Reminder: the deadline for Ocean Law at Harbour College is 16 March 2026",
    says: ["Ocean Law (LLM), Harbour College", "unsubscribe here"],
  },
  "deadline-reminder-scholarship": {
    subject: "Reminder: the deadline for Blue Ocean Master's Scholarship (Blue Ocean Fund) is 10 March 2026",
    says: ["Blue Ocean Master's Scholarship, Blue Ocean Fund: deadline 10 March 2026", "unsubscribe here"],
  },
  "verify-email": {
    subject: "Verify your email address for UniSearch",
    says: [
      "Hello,",
      "Open this link within 24 hours to confirm that this address belongs to your UniSearch account",
      "If you did not create an account or change its email address, ignore this e-mail.",
    ],
  },
  "verify-email-change": {
    subject: "Verify your email address for UniSearch",
    says: ["to make this the email address of your UniSearch account; until then it keeps its current one"],
  },
  "email-change-requested": {
    subject: "A new email address was entered for your UniSearch account",
    says: [
      "from this address to robin.moreau@example.org",
      "keeps this address until the link",
      "that also cancels the change",
    ],
  },
  "email-changed": {
    subject: "The email address of your UniSearch account was changed",
    says: ["is now robin.moreau@example.org", "We will no longer e-mail this address."],
  },
  "password-reset": {
    subject: "Reset your UniSearch password",
    says: ["Someone (hopefully you) asked to reset the password", "your password stays as it is"],
  },
  "password-changed": {
    subject: "The password of your UniSearch account was changed",
    says: ["was changed, and the account was signed out on your other devices", "and contact support."],
  },
  "reference-request": {
    subject: "Reference for Robin Moreau: Marine Biology (MSc) at Riverside University",
    says: [
      "Hello,",
      "Robin Moreau applied to Marine Biology (MSc) at Riverside University and named you as a referee (Thesis supervisor).",
      "They ask you to write a reference for their application.",
      "Robin Moreau may read your reference, as the admissions team does.",
      "Open this link by 1 April 2026 to write the reference, upload it as a PDF, or decline:",
      "The link works for one answer. If you do not know Robin Moreau, ignore this e-mail.",
      "You get this e-mail because Robin Moreau named this address as a referee on UniSearch.",
    ],
  },
  "reference-reminder": {
    subject: "Reminder: reference for Robin Moreau: Marine Biology (MSc) at Riverside University",
    says: [
      "They have not had your answer yet and would be grateful for it.",
      "Robin Moreau gave up the right to read your reference: only the admissions team reads it.",
      "It replaces the link of the first e-mail.",
    ],
  },
  "reference-received": {
    subject: "Marine Biology (MSc) at Riverside University: reference received from Dr Ada Lovelace",
    says: [
      "Hello Robin Moreau,",
      "Dr Ada Lovelace sent their reference for your application. Nothing more is needed from them.",
      "Follow your applications",
    ],
  },
  "reference-declined": {
    subject: "Marine Biology (MSc) at Riverside University: Dr Ada Lovelace declined to write a reference",
    says: [
      "Dr Ada Lovelace declined to write a reference for your application.",
      "Their reason:",
      "I supervised Robin for only two weeks.",
      "Name another referee in their place on your applications page.",
    ],
  },
};

/** What a reader sees of the HTML: its text, tags dropped and entities decoded, spaces collapsed. */
function visibleText(html: string): string {
  return html
    .replace(/<head>[\s\S]*<\/head>/, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

const collapse = (text: string) => text.replace(/\s+/g, " ").trim();
const hrefs = (html: string) =>
  [...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1].replace(/&amp;/g, "&"));
const textUrls = (text: string) => text.match(/https?:\/\/\S+/g) ?? [];

const rendered = new Map<string, RenderedMail>();
beforeAll(async () => {
  for (const preview of MAIL_PREVIEWS) rendered.set(preview.id, await preview.render("UniSearch"));
});

test("every sample is checked below, and every template has a sample", () => {
  expect(MAIL_PREVIEWS.map((preview) => preview.id).sort()).toEqual(Object.keys(EXPECTED).sort());
  // The two shared frames (application, account) are no e-mail of their own.
  const templates = readdirSync(join(process.cwd(), "lib/mail/templates")).filter(
    (file) => !["application.server.tsx", "account.server.tsx"].includes(file),
  );
  expect(new Set(MAIL_PREVIEWS.map((preview) => preview.template))).toEqual(new Set(templates));
});

describe.each(MAIL_PREVIEWS.map((preview) => [preview.id]))("%s", (id) => {
  const mail = () => rendered.get(id)!;

  test("keeps its subject and says its words in the HTML and in the text", () => {
    expect(mail().subject).toBe(EXPECTED[id].subject);
    for (const words of EXPECTED[id].says) {
      expect(mail().text).toContain(words);
      expect(visibleText(mail().html)).toContain(words);
    }
  });

  test("the text alternative has the HTML's words: each of its lines, its addresses aside", () => {
    const html = visibleText(mail().html);
    const lines = mail()
      .text.replace(/(?: at|:)? ?https?:\/\/\S+/g, "")
      .split("\n")
      .map((line) => collapse(line.replace(/^- /, "")))
      .filter(Boolean);
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) expect(html).toContain(line);
  });

  test("every link is absolute, on APP_URL, and the text gives the HTML's addresses", () => {
    const links = hrefs(mail().html);
    expect(links.length).toBeGreaterThan(0);
    for (const link of [...links, ...textUrls(mail().text)])
      expect(link.startsWith(`${env.APP_URL}/`)).toBe(true);
    // The platform's name at the top links home; every other address is in the text too.
    expect(new Set(links.filter((link) => link !== `${env.APP_URL}/`))).toEqual(
      new Set(textUrls(mail().text)),
    );
  });

  test("has a language, a title, no image without alt text, and a size mail apps show whole", () => {
    const html = mail().html;
    expect(html).toMatch(/<html[^>]* lang="en"/);
    expect(html).toContain(`<title>${mail().subject.replace(/'/g, "&#x27;")}</title>`);
    for (const image of html.match(/<img\b[^>]*>/g) ?? []) expect(image).toMatch(/\balt="/);
    expect(html).not.toMatch(/<script/i);
    expect(Buffer.byteLength(html)).toBeLessThan(12_000);
  });
});

test("a reminder of many programs stays well under the size at which Gmail cuts a message (102 KB)", async () => {
  const programs = Array.from({ length: 40 }, (_, index) => ({
    programId: index + 1,
    name: `Program ${index + 1} with a rather long name`,
    degree: "MSc",
    universityName: "A University With A Long Name",
    universitySlug: `university-${index + 1}`,
    deadline: new Date("2026-03-16T00:00:00Z"),
    timeZone: "UTC",
    daysBefore: 14 as const,
    draft: index % 2 === 0,
  }));
  const mail = await deadlineReminderMail(
    {
      userId: 1,
      email: "robin@example.com",
      fullName: "Robin",
      emailVerifiedAt: null,
      programs,
      scholarships: [],
    },
    new Date("2026-03-02T09:00:00Z"),
    "UniSearch",
  );
  expect(Buffer.byteLength(mail.html)).toBeLessThan(60_000);
  expect(mail.text.match(/^- Program/gm)).toHaveLength(40);
});

test("words written by people are escaped in the HTML and kept as they are in the text", async () => {
  const preview = MAIL_PREVIEWS.find((p) => p.id === "application-status-offer")!;
  expect(rendered.get(preview.id)!.html).not.toContain("<script");
  const { applicationMail } = await import("@/lib/mail/templates/application.server");
  const { applicationStatus } = await import("@/lib/mail/templates/application-status.server");
  const mail = await applicationMail(
    {
      user: { email: "a@example.com", fullName: "<b>Ann</b>", emailVerifiedAt: new Date() },
      program: { name: "Law", degree: "LLB", university: { name: "Riverside" } },
    },
    "UniSearch",
    applicationStatus({ status: "rejected", reason: '<img src=x onerror="alert(1)">' }),
  );
  expect(mail.html).not.toContain("<img");
  expect(mail.html).not.toContain("<b>Ann");
  expect(mail.html).toContain("&lt;img src=x");
  expect(mail.text).toContain('The reason given:\n<img src=x onerror="alert(1)">');
  expect(mail.text).toMatch(/^Hello <b>Ann<\/b>,\n/);
});

test("content that is not made of the mail blocks cannot be rendered: its words would miss the text", () => {
  function Custom() {
    return <p>Hidden</p>;
  }
  expect(mailText(<Paragraph>Shown</Paragraph>)).toBe("Shown");
  expect(() => mailText(<Custom />)).toThrow(/made of the blocks of lib\/mail\/blocks/);
  expect(() => mailText(<div>Hidden</div>)).toThrow();
});

/** oklch() of CSS Color 4 in sRGB hex, clipped to the gamut. */
function oklchToHex(l: number, c: number, hue: number): string {
  const a = c * Math.cos((hue * Math.PI) / 180);
  const b = c * Math.sin((hue * Math.PI) / 180);
  const lms = [
    l + 0.3963377774 * a + 0.2158037573 * b,
    l - 0.1055613458 * a - 0.0638541728 * b,
    l - 0.0894841775 * a - 1.291485548 * b,
  ].map((v) => v ** 3);
  const linear = [
    4.0767416621 * lms[0] - 3.3077115913 * lms[1] + 0.2309699292 * lms[2],
    -1.2684380046 * lms[0] + 2.6097574011 * lms[1] - 0.3413193965 * lms[2],
    -0.0041960863 * lms[0] - 0.7034186147 * lms[1] + 1.707614701 * lms[2],
  ];
  return `#${linear
    .map((v) => Math.min(1, Math.max(0, v)))
    .map((v) => (v <= 0.0031308 ? 12.92 * v : 1.055 * v ** (1 / 2.4) - 0.055))
    .map((v) =>
      Math.round(v * 255)
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

test("the e-mails' brand colours are the Tailwind theme's (app/globals.css)", () => {
  const css = readFileSync(join(process.cwd(), "app/globals.css"), "utf8");
  for (const [shade, key] of [
    ["50", "brand50"],
    ["700", "brand700"],
    ["900", "brand900"],
  ] as const) {
    const match = new RegExp(`--color-brand-${shade}: oklch\\(([\\d.]+) ([\\d.]+) ([\\d.]+)\\)`).exec(css);
    expect(match).not.toBeNull();
    const [l, c, h] = match!.slice(1).map(Number);
    expect(MAIL_COLORS[key]).toBe(oklchToHex(l, c, h));
  }
});

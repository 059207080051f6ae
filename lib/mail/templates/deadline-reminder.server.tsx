import "server-only";
import { daysLeftLabel, formatDate, formatDeadline } from "@/lib/format";
import { FooterNote, InlineLink, Item, ItemList, Paragraph } from "@/lib/mail/blocks.server";
import { greeting } from "@/lib/mail/greeting";
import { mailUrl, renderMail, type RenderedMail } from "@/lib/mail/render.server";
import type { DueStudent } from "@/lib/reminders/job.server";
import { unsubscribeToken } from "@/lib/reminders/tokens.server";
import { universityPath } from "@/lib/universities/seo.server";
import { scholarshipPath } from "@/lib/scholarships/paths";

/** The unsubscribe page (a button confirms: a link opened by a mail scanner unsubscribes nobody). */
export const unsubscribePageUrl = (userId: number) =>
  mailUrl(`/reminders/unsubscribe?token=${unsubscribeToken(userId)}`);

/** The subject: the one deadline it reminds of, or how many. */
function subjectOf({ programs, scholarships }: DueStudent): string {
  const count = programs.length + scholarships.length;
  if (count > 1) return `Reminder: ${count} application deadlines are coming up`;
  if (programs.length === 1) {
    const [program] = programs;
    return `Reminder: the deadline for ${program.name} at ${program.universityName} is ${formatDate(program.deadline)}`;
  }
  const [scholarship] = scholarships;
  return `Reminder: the deadline for ${scholarship.name} (${scholarship.provider}) is ${formatDate(scholarship.deadline)}`;
}

/**
 * The deadline reminder of one student (lib/reminders/job.server.ts): the programs whose reminder
 * is due, by deadline, each with the way to its draft or its university, then the scholarships,
 * each with the way to its card.
 */
export function deadlineReminderMail(
  student: DueStudent,
  now: Date,
  platformName: string,
): Promise<RenderedMail> {
  return renderMail({
    subject: subjectOf(student),
    preview: "These application deadlines are coming up:",
    platformName,
    body: (
      <>
        <Paragraph>{greeting(student)}</Paragraph>
        <Paragraph>These application deadlines are coming up:</Paragraph>
        <ItemList>
          {student.programs.map((p) => (
            <Item
              key={p.programId}
              detail={
                p.draft ? (
                  <>
                    Your draft is saved.{" "}
                    <InlineLink href={mailUrl(`/apply/${p.programId}`)} joiner=": ">
                      Finish your application
                    </InlineLink>
                  </>
                ) : (
                  <InlineLink href={mailUrl(universityPath(p.universitySlug))} joiner=": ">
                    On your shortlist
                  </InlineLink>
                )
              }
            >
              {p.name} ({p.degree}), {p.universityName}: deadline {formatDeadline(p)} ({daysLeftLabel(p, now)}
              ).
            </Item>
          ))}
          {student.scholarships.map((s) => (
            <Item
              key={`scholarship-${s.scholarshipId}`}
              detail={
                <InlineLink href={mailUrl(scholarshipPath(s))} joiner=": ">
                  Scholarship on your shortlist
                </InlineLink>
              }
            >
              {s.name}, {s.provider}: deadline {formatDeadline(s)} ({daysLeftLabel(s, now)}).
            </Item>
          ))}
        </ItemList>
      </>
    ),
    footer: (
      <FooterNote>
        {platformName} reminds you 14 and 3 days before the deadlines of the programs and scholarships on your
        shortlist and of your application drafts. To stop these e-mails,{" "}
        <InlineLink href={unsubscribePageUrl(student.userId)} joiner=": ">
          unsubscribe here
        </InlineLink>
        <br />
        or{" "}
        <InlineLink href={mailUrl("/user/profile")} joiner=": ">
          turn them off on your profile
        </InlineLink>
      </FooterNote>
    ),
  });
}

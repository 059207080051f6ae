import "server-only";
import { Fragment } from "react";
import { InlineLink, Item, ItemList, Paragraph } from "@/lib/mail/blocks.server";
import { greeting } from "@/lib/mail/greeting";
import { mailUrl, renderMail, type RenderedMail } from "@/lib/mail/render.server";
import { NOTICE_KINDS, NOTICE_LABELS, type NoticeKind } from "@/lib/notifications/kinds";
import { applicationTitle, teamFooter, type MailSubject } from "./application.server";

/** One event of a digest: what happened to which application. */
export interface DigestEntry {
  kind: NoticeKind;
  applicationId: number;
  program: MailSubject["program"];
  /** The sentence saying what happened (team-notice.server.tsx makes it). */
  what: string;
}

/**
 * A staff member's daily digest (lib/notifications/digest.server.ts): the events since their last
 * digest that they chose to read here, grouped by kind in the preferences page's order, each
 * naming its application and linking to its page.
 */
export function staffDigestMail(
  staff: MailSubject["user"],
  entries: readonly DigestEntry[],
  platformName: string,
): Promise<RenderedMail> {
  const groups = NOTICE_KINDS.map((kind) => ({
    kind,
    entries: entries.filter((entry) => entry.kind === kind),
  })).filter((group) => group.entries.length > 0);
  const count = entries.length === 1 ? "1 update" : `${entries.length} updates`;
  return renderMail({
    subject: `Your daily digest: ${count} on applications`,
    preview: groups.map((g) => `${NOTICE_LABELS[g.kind]}: ${g.entries.length}`).join(", "),
    platformName,
    body: (
      <>
        <Paragraph>{greeting(staff)}</Paragraph>
        <Paragraph>Here is what happened since your last digest.</Paragraph>
        {groups.map((group) => itemsOfKind(group.kind, group.entries))}
      </>
    ),
    footer: teamFooter(platformName),
  });
}

/**
 * The most events of one kind a digest lists, the oldest first; it counts the others. Four kinds
 * at most this many stay well under the size at which Gmail cuts a message (102 KB).
 */
export const DIGEST_LIST_MAX = 50;

/**
 * One kind's heading with its count, then its events, at most DIGEST_LIST_MAX of them (blocks,
 * not a component: mailText reads them).
 */
function itemsOfKind(kind: NoticeKind, entries: readonly DigestEntry[]) {
  const more = entries.length - DIGEST_LIST_MAX;
  return (
    <Fragment key={kind}>
      <Paragraph>
        {NOTICE_LABELS[kind]} ({entries.length}):
      </Paragraph>
      <ItemList>
        {entries.slice(0, DIGEST_LIST_MAX).map((entry, index) => (
          <Item
            key={index}
            detail={
              <InlineLink href={mailUrl(`/admin/applications/${entry.applicationId}`)} joiner=": ">
                The application
              </InlineLink>
            }
          >
            {applicationTitle(entry.program)}: {entry.what}
          </Item>
        ))}
      </ItemList>
      {more > 0 && (
        <Paragraph>
          And {more} more.{" "}
          <InlineLink href={mailUrl("/admin/applications")} joiner=": ">
            See them in the applications list
          </InlineLink>
        </Paragraph>
      )}
    </Fragment>
  );
}

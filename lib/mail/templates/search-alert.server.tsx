import "server-only";
import { Fragment } from "react";
import { FooterNote, InlineLink, Item, ItemList, Paragraph } from "@/lib/mail/blocks.server";
import { greeting } from "@/lib/mail/greeting";
import { mailUrl, renderMail, type RenderedMail } from "@/lib/mail/render.server";
import { searchAlertToken } from "@/lib/reminders/tokens.server";
import type { AlertStudent, SearchNews } from "@/lib/saved-searches/alerts-job.server";
import { SAVED_SEARCH_KIND_DEFINITIONS, savedSearchPath } from "@/lib/saved-searches/kinds";

/** The unsubscribe page of some saved searches (a button confirms: a mail scanner unsubscribes nobody). */
export const searchAlertUnsubscribePageUrl = (searchIds: number[]) =>
  mailUrl(`/searches/unsubscribe?token=${searchAlertToken(searchIds)}`);

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * What a search is called in the e-mail: its name, which the student wrote, only to an address
 * they have proven to receive (as greeting() does with their name); otherwise what it searches.
 */
function titleOf(search: SearchNews, verified: boolean): string {
  const what = SAVED_SEARCH_KIND_DEFINITIONS[search.kind].label.toLowerCase();
  return verified ? `Your saved search "${search.name}"` : `Your saved search of ${what}`;
}

/**
 * The weekly alert of one student (lib/saved-searches/alerts-job.server.ts): per saved search,
 * the results created or changed since its last alert, the first few with their pages, and the
 * way to the whole search and to stop its alerts.
 */
export function searchAlertMail(student: AlertStudent, platformName: string): Promise<RenderedMail> {
  const verified = student.emailVerifiedAt !== null;
  const total = student.searches.reduce((sum, search) => sum + search.total, 0);
  const [first] = student.searches;
  return renderMail({
    subject:
      student.searches.length === 1
        ? `${plural(first.total, "new or changed result", "new or changed results")} in your saved search`
        : `New or changed results in ${student.searches.length} of your saved searches`,
    preview: `${plural(total, "result is", "results are")} new or changed in your saved searches.`,
    platformName,
    body: (
      <>
        <Paragraph>{greeting(student)}</Paragraph>
        <Paragraph>
          {plural(total, "result is", "results are")} new or changed in your saved searches since the last
          e-mail.
        </Paragraph>
        {student.searches.map((search) => (
          <Fragment key={search.searchId}>
            <Paragraph>
              {titleOf(search, verified)}: {plural(search.total, "result", "results")}.
            </Paragraph>
            <ItemList>
              {search.items.map((item) => (
                <Item
                  key={item.id}
                  detail={
                    <InlineLink href={mailUrl(item.path)} joiner=": ">
                      See it
                    </InlineLink>
                  }
                >
                  {item.isNew ? "New" : "Changed"}: {item.title}
                </Item>
              ))}
            </ItemList>
            <Paragraph>
              {search.total > search.items.length ? `And ${search.total - search.items.length} more. ` : ""}
              <InlineLink href={mailUrl(savedSearchPath(search.kind, search.query))} joiner=": ">
                Open the search
              </InlineLink>
              {" · "}
              <InlineLink href={searchAlertUnsubscribePageUrl([search.searchId])} joiner=": ">
                Stop alerts for this search
              </InlineLink>
            </Paragraph>
          </Fragment>
        ))}
      </>
    ),
    footer: (
      <FooterNote>
        {platformName} e-mails you once a week when your saved searches have new or changed results. To stop
        these e-mails,{" "}
        <InlineLink
          href={searchAlertUnsubscribePageUrl(student.searches.map((search) => search.searchId))}
          joiner=": "
        >
          unsubscribe here
        </InlineLink>
        <br />
        or{" "}
        <InlineLink href={mailUrl("/user/searches")} joiner=": ">
          manage your saved searches
        </InlineLink>
      </FooterNote>
    ),
  });
}

import "server-only";
import { Button } from "@react-email/button";
import { Link } from "@react-email/link";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { Fragment, isValidElement, type CSSProperties, type ReactElement, type ReactNode } from "react";

// The blocks an e-mail's content is made of. Each renders itself as HTML (react-email's
// components, styled in the product's look) and says what it is in the plain-text alternative, so
// that the two parts of a message carry the same words: a template writes its content once, and
// mailText() reads the text out of the same elements. The HTML adds structure (paragraphs, a
// button, a list) and never words of its own, except a button's label where the text gives the
// bare address.

/** The product's colours: the brand of the Tailwind theme (app/globals.css), in hex for mail clients. */
export const MAIL_COLORS = {
  brand50: "#ecf6ff",
  brand700: "#0049b3",
  brand900: "#0f2a5f",
  text: "#1e293b",
  muted: "#475569",
  page: "#f1f5f9",
  rule: "#e2e8f0",
  white: "#ffffff",
} as const;

/** The theme's font stack (app/globals.css): the reader's system font, nothing to download. */
export const MAIL_FONT =
  'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';

const paragraph: CSSProperties = {
  color: MAIL_COLORS.text,
  fontSize: "16px",
  lineHeight: "24px",
  margin: "0 0 16px",
};

const note: CSSProperties = { ...paragraph, color: MAIL_COLORS.muted, fontSize: "14px", lineHeight: "20px" };

const link: CSSProperties = { color: MAIL_COLORS.brand700, textDecoration: "underline", fontWeight: 600 };

/** About 50 px tall (14 px above and below a 24 px line): a comfortable target for a thumb. */
const button: CSSProperties = {
  backgroundColor: MAIL_COLORS.brand700,
  borderRadius: "6px",
  color: MAIL_COLORS.white,
  fontSize: "16px",
  fontWeight: 600,
  lineHeight: "24px",
  padding: "14px 24px",
  textDecoration: "none",
};

/** A block of content: a React component that also knows its words in the plain text. */
type MailBlock<P> = ((props: P) => ReactElement) & { mailText(props: P): string };

function block<P>(render: (props: P) => ReactElement, text: (props: P) => string): MailBlock<P> {
  return Object.assign(render, { mailText: text });
}

/** A paragraph of the message. */
export const Paragraph = block(
  ({ children }: { children: ReactNode }) => <Text style={paragraph}>{children}</Text>,
  ({ children }) => mailText(children),
);

/** A paragraph of the footer: why the reader gets the e-mail, how to stop it. */
export const FooterNote = block(
  ({ children }: { children: ReactNode }) => <Text style={note}>{children}</Text>,
  ({ children }) => mailText(children),
);

/**
 * A link inside a sentence. The text gives its words, `joiner` and the address ("reset your
 * password now at https://..."); the HTML links the words.
 */
export const InlineLink = block(
  ({ href, children }: { href: string; joiner: string; children: ReactNode }) => (
    <Link href={href} style={link}>
      {children}
    </Link>
  ),
  ({ href, joiner, children }) => `${mailText(children)}${joiner}${href}`,
);

/**
 * The message's action, a button of its own. With `joiner` the text reads like InlineLink's
 * ("Follow your applications at https://..."); without it, the text gives the address alone, on
 * its own line, and the label is the HTML's only.
 */
export const ActionButton = block(
  ({ href, children }: { href: string; joiner?: string; children: ReactNode }) => (
    <Section style={{ margin: "8px 0 24px" }}>
      <Button href={href} style={button}>
        {children}
      </Button>
    </Section>
  ),
  ({ href, joiner, children }) => (joiner === undefined ? href : `${mailText(children)}${joiner}${href}`),
);

/** A short list under a title: "The offer's conditions:" then "- IELTS 6.5 overall" lines. */
export const TitledList = block(
  ({ title, items }: { title: string; items: string[] }) => (
    <>
      <Text style={{ ...paragraph, margin: "0 0 4px" }}>{title}</Text>
      <ul style={{ ...paragraph, paddingLeft: "24px" }}>
        {items.map((item, index) => (
          <li key={index} style={{ margin: "0 0 4px" }}>
            {item}
          </li>
        ))}
      </ul>
    </>
  ),
  ({ title, items }) => [title, ...items.map((item) => `- ${item}`)].join("\n"),
);

/** An entry of an ItemList: a line, and an indented second line with what to do about it. */
export const Item = block(
  ({ children, detail }: { children: ReactNode; detail?: ReactNode }) => (
    <li style={{ margin: "0 0 16px" }}>
      {children}
      {detail && (
        <>
          <br />
          {detail}
        </>
      )}
    </li>
  ),
  ({ children, detail }) => `- ${mailText(children)}${detail ? `\n  ${mailText(detail)}` : ""}`,
);

/** A list of Items, a blank line between them in the text. */
export const ItemList = block(
  ({ children }: { children: ReactNode }) => (
    <ul style={{ ...paragraph, paddingLeft: "24px" }}>{children}</ul>
  ),
  ({ children }) => blocksOf(children).map(mailText).join("\n\n"),
);

/**
 * Words someone wrote to the reader (a note, a reason), under a title, set apart in a box. Line
 * breaks are kept: the text may have several lines.
 */
export const Quoted = block(
  ({ title, children }: { title: string; children: ReactNode }) => (
    <Section
      style={{
        backgroundColor: MAIL_COLORS.brand50,
        borderLeft: `4px solid ${MAIL_COLORS.brand700}`,
        margin: "0 0 16px",
        padding: "12px 16px",
      }}
    >
      <Text style={{ ...paragraph, fontWeight: 600, margin: "0 0 4px" }}>{title}</Text>
      <Text style={{ ...paragraph, margin: 0, whiteSpace: "pre-line" }}>{children}</Text>
    </Section>
  ),
  ({ title, children }) => `${title}\n${mailText(children)}`,
);

/** The blocks of a message's body or footer: fragments and arrays flattened, nothing left out. */
export function blocksOf(node: ReactNode): ReactNode[] {
  if (node === null || node === undefined || typeof node === "boolean") return [];
  if (Array.isArray(node)) return node.flatMap(blocksOf);
  if (isValidElement<{ children?: ReactNode }>(node) && node.type === Fragment) {
    return blocksOf(node.props.children);
  }
  return [node];
}

/**
 * The plain text of content made of the blocks above, words and <br />. Anything else throws: its
 * words would be missing from the text alternative.
 */
export function mailText(node: ReactNode): string {
  if (node === null || node === undefined || typeof node === "boolean") return "";
  if (typeof node === "string" || typeof node === "number") return String(node);
  if (Array.isArray(node)) return node.map(mailText).join("");
  if (isValidElement<{ children?: ReactNode }>(node)) {
    if (node.type === Fragment) return mailText(node.props.children);
    if (node.type === "br") return "\n";
    if (typeof node.type === "function" && "mailText" in node.type) {
      return (node.type as MailBlock<unknown>).mailText(node.props);
    }
  }
  throw new Error(
    "An e-mail's content is made of the blocks of lib/mail/blocks.server.tsx, words and <br />.",
  );
}

import { z } from "@/lib/validation/zod";

// How long a text is, as the person who wrote it sees it: one character per grapheme cluster (an
// emoji, "é" typed as e + combining accent, a flag: one each), leading and trailing whitespace not
// counted and every run of whitespace inside (spaces, line breaks, tabs) counted as one. The
// form's counter and the server's length rules both call textLength, so a counter that says 500
// means the server accepts 500, and 500 spaces are not a 500-character statement.

const segmenter =
  typeof Intl !== "undefined" && "Segmenter" in Intl
    ? new Intl.Segmenter(undefined, { granularity: "grapheme" })
    : null;

/** Characters as a person counts them: grapheme clusters (code points where Intl.Segmenter is missing). */
export function countGraphemes(text: string): number {
  if (!segmenter) return Array.from(text).length;
  let count = 0;
  for (const _ of segmenter.segment(text)) count++;
  return count;
}

/** The meaningful length of `text`: trimmed, whitespace runs as one, in grapheme clusters. */
export function textLength(text: string): number {
  return countGraphemes(text.trim().replace(/\s+/g, " "));
}

/**
 * The most UTF-16 code units a text of `max` characters may take: a character as a person sees
 * it can be several (a flag is 4, an accent typed as a combining mark 2), and so can blank space.
 * It bounds what is stored, and what a draft keeps.
 */
export function storedLimit(max: number): number {
  return max * 4;
}

/**
 * The first `max` UTF-16 code units of `text`, one fewer where the cut would part the two halves
 * of a character beyond the Basic Multilingual Plane (an emoji): half of one is text PostgreSQL
 * cannot store (lib/validation/storable-text.ts).
 */
export function clipText(text: string, max: number): string {
  if (text.length <= max) return text;
  const code = text.charCodeAt(max - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}

/**
 * A required free-text field whose length rules count what a person sees (textLength); blank
 * text is missing. The value is kept as typed (line breaks and all); more than storedLimit(max)
 * code units is refused as too long.
 */
export function textField({
  min = 0,
  max,
  required,
  tooShort,
  tooLong,
}: {
  min?: number;
  max: number;
  /** The message for a missing or blank value. */
  required: string;
  /** The message for a text shorter than `min`; `required` by default. */
  tooShort?: string;
  tooLong: string;
}) {
  return z.string({ error: required }).superRefine((value, context) => {
    const length = textLength(value);
    if (length === 0) context.addIssue({ code: "custom", message: required });
    else if (length < min) context.addIssue({ code: "custom", message: tooShort ?? required });
    else if (length > max || value.length > storedLimit(max))
      context.addIssue({ code: "custom", message: tooLong });
  });
}

/**
 * Control characters (tabs, line breaks, NUL...), Unicode line and paragraph separators, and the
 * bidirectional overrides that reorder how text is shown: none belongs in a one-line value.
 */
const NOT_ONE_LINE = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;

/** Whether `text` is one line of plain text (see NOT_ONE_LINE). */
export function isOneLine(text: string): boolean {
  return !NOT_ONE_LINE.test(text);
}

/**
 * The message for a one-line field (a name, a subject) that holds a line break or a control
 * character. Such a value is refused, not cleaned: a name is shown in pages and e-mails, and a line
 * break in it could make a stranger's text read as a paragraph of the product's own.
 */
export const oneLineMessage = (label: string) =>
  `${label} must be one line, without tabs or control characters`;

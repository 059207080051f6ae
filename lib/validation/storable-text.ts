// Text PostgreSQL cannot store or compare (text, citext, jsonb): the NUL character, and a UTF-16
// surrogate without its pair (JSON's "\ud800" parses into one). A query that carries either fails
// in the database (invalid byte sequence) instead of matching nothing, so every input is checked
// against this rule before it reaches a query: route() for the API's query strings and bodies,
// assertStorableForm for server actions' forms, and every list key (readKey in lib/list-keys.ts)
// for the pages' query strings. No zod here: the browser's filters use it too.

/** NUL, or a surrogate without its pair. */
export const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const UNSTORABLE_TEXT =
  "Text cannot contain the NUL character (\\u0000) or a broken Unicode character; remove it and try again.";

/** Whether PostgreSQL can store the text. */
export function isStorable(text: string): boolean {
  return !UNSTORABLE.test(text);
}

import "server-only";
import { USERNAME_PATTERN } from "@/lib/validation/auth";

// What a typed sign-in name can stand for. Usernames are ASCII (letters, digits, ".", "_", "-":
// usernameSchema), and the sign-in form's schema has already applied NFKC, so fullwidth letters
// and compatibility characters such as the Kelvin sign (U+212A) have become the ASCII letters
// they stand for. A name that still has any other character is nobody's username. The database,
// though, compares usernames with citext, whose lower() under the database's collation may fold
// such a name into an account's ("İ", U+0130, is lowered to "i"): a name like that must never
// sign in, and its failures count against the account it imitates, so that look-alikes give a
// guesser no attempts of their own and slip past no pause.

/**
 * Letters of other scripts (Cyrillic, Greek) and Latin letters with a stroke, which look like the
 * basic Latin letter below them in common fonts: a name that uses them imitates the name with the
 * Latin letters.
 */
const LOOK_ALIKE_FROM = "аеорсхуіјѕԁһӏԛԝүѵАВЕКМНОРСТХУІЈЅԀҮӀԚԜѴαιονυΑΒΕΖΗΙΚΜΝΟΡΤΥΧıȷɑɡɩʏøØđĐłŁħĦ";
const LOOK_ALIKE_TO = "aeopcxyijsdhlqwyvABEKMHOPCTXYIJSDYlQWVaiovuABEZHIKMNOPTYXijagiyoOdDlLhH";
const LOOK_ALIKES = new Map(Array.from(LOOK_ALIKE_FROM, (letter, index) => [letter, LOOK_ALIKE_TO[index]]));
const LOOK_ALIKE_LETTERS = new RegExp(`[${LOOK_ALIKE_FROM}]`, "gu");

/** Whether a name (as the sign-in schema left it: NFKC, trimmed) could be an account's username. */
export function isUsernameShaped(name: string): boolean {
  return USERNAME_PATTERN.test(name);
}

/**
 * The name a look-alike imitates: accents and other combining marks dropped (after canonical
 * decomposition, so "İ" is "I" and "é" is "e"), and letters of other scripts that look like Latin
 * ones replaced by them. Every character whose lowercase is a basic Latin letter (U+0130, U+212A)
 * becomes that letter here, so the account citext finds for a name is the one found for this.
 */
export function imitatedName(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/\p{Mark}/gu, "")
    .replace(LOOK_ALIKE_LETTERS, (letter) => LOOK_ALIKES.get(letter) ?? letter)
    .normalize("NFKC");
}

import { universitySlugTag } from "@/lib/cache/tags.server";

// A university page's cache tag is its address; Next ignores tags over 256 characters, so a longer
// address (asked for by anyone, held by no university) gets a tag of fixed length instead.

test("a university's address is its tag", () => {
  expect(universitySlugTag("october-6-university")).toBe("university:october-6-university");
  const longest = "a".repeat(256 - "university:".length);
  expect(universitySlugTag(longest)).toBe(`university:${longest}`);
});

test("an address too long for a tag: a fixed-length tag of its own", () => {
  const long = "a".repeat(300);
  const other = `${"a".repeat(299)}b`;
  expect(universitySlugTag(long)).toMatch(/^university#[0-9a-f]{64}$/);
  expect(universitySlugTag(long)).toBe(universitySlugTag(long));
  expect(universitySlugTag(other)).not.toBe(universitySlugTag(long));
});

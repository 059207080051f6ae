import fc from "fast-check";

// The hostile values, as fast-check arbitraries: what an attacker, a broken client or
// a pasted document sends. The corpus (tests/security) draws requests from these with a fixed
// seed, so a run is repeatable: HOSTILE_SEED=<n> replays another one.

export const HOSTILE_SEED = Number(process.env.HOSTILE_SEED ?? 20261123);

const MB = 1024 * 1024;

/** SQL, script, template and path injections. */
export const INJECTIONS = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  "1; SELECT pg_sleep(30)--",
  '" OR 1=1 --',
  "%' UNION SELECT password FROM users --",
  "\\",
  "%",
  "_%_",
  "$1",
  "${7*7}",
  "{{7*7}}",
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  '"><svg onload=alert(1)>',
  "</textarea><script>alert(1)</script>",
  "javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "../../../../etc/passwd",
  "..%2F..%2F..%2Fetc%2Fpasswd",
  "..\\..\\windows\\win.ini",
  "/etc/passwd",
  "file:///etc/passwd",
  "__proto__",
  "constructor",
] as const;

/** Control characters, NUL included. */
export const CONTROL = [
  "\u0000",
  "a\u0000b",
  "\u0001",
  "\u0007",
  "\b",
  "\u001b[31mred",
  "\r\n",
  "\u007f",
  "\u0085",
];

/** Unicode edge cases: lone surrogates, BOM, zero-width, bidi override, combining marks, astral. */
export const UNICODE = [
  "\uD800",
  "\uDFFF",
  "x\uD800y",
  "\uFEFF",
  "\u200B",
  "\u202Egnp.exe",
  "\u2028\u2029",
  "A\u0301\u0301\u0301",
  "🏳️‍🌈",
  "𝕏𝕐",
  "\uFFFF",
  "İıß",
  "ﷺ".repeat(50),
];

/** Basic Latin letters and a letter of another script that looks the same (Cyrillic). */
const OTHER_SCRIPT: Record<string, string> = {
  a: "а",
  e: "е",
  o: "о",
  p: "р",
  c: "с",
  x: "х",
  y: "у",
  s: "ѕ",
  i: "і",
};

/**
 * Spellings of `name` that look like it, or that a case-insensitive database folds into it: the
 * capital I with a dot (U+0130) for an "i", the Kelvin sign (U+212A) for a "k", fullwidth letters,
 * a combining mark after the first letter, and a letter of another script. A kind the name has
 * no letter for is left out.
 */
export function lookAlikes(name: string): Record<string, string> {
  const swapped = [...name].find((c) => c in OTHER_SCRIPT);
  const variants: Record<string, string> = {
    "capital I with dot (U+0130)": name.replace("i", "\u0130"),
    "Kelvin sign (U+212A)": name.replace("k", "\u212A"),
    "fullwidth letters": [...name]
      .map((c) => (c >= "!" && c <= "~" ? String.fromCodePoint(c.codePointAt(0)! + 0xfee0) : c))
      .join(""),
    "a combining mark": name.replace(/\p{L}/u, (letter) => `${letter}\u0301`),
    "mixed scripts": swapped ? name.replace(swapped, OTHER_SCRIPT[swapped]) : name,
  };
  return Object.fromEntries(Object.entries(variants).filter(([, variant]) => variant !== name));
}

/** Numbers out of range, fractional, negative, or beyond what an int4 or a double holds exactly. */
export const NUMBERS = [
  -1,
  0,
  -0,
  0.5,
  1.5,
  -2147483649,
  2147483648,
  2 ** 53 + 2,
  1e21,
  1e308,
  -1e308,
  5e-324,
];

/** Text that is not a usable number. */
export const NON_NUMBERS = [
  "",
  " ",
  "abc",
  "NaN",
  "Infinity",
  "-Infinity",
  "1e3",
  "0x10",
  "1_000",
  "١٢٣",
  "12abc",
];

export const oneMegabyte = "x".repeat(MB);

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...INJECTIONS) },
  { weight: 3, arbitrary: fc.constantFrom(...CONTROL) },
  { weight: 3, arbitrary: fc.constantFrom(...UNICODE) },
  { weight: 1, arbitrary: fc.constantFrom(...NON_NUMBERS) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 30 }) },
  { weight: 1, arbitrary: fc.constant("") },
  { weight: 1, arbitrary: fc.constant(oneMegabyte) },
  { weight: 1, arbitrary: fc.integer({ min: 201, max: 20_000 }).map((n) => "y".repeat(n)) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...INJECTIONS, ...CONTROL))
      .map(([a, b]) => a + b),
  },
);

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(...NUMBERS),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** An object nested `depth` levels deep ({"a":{"a":...}}). */
export function nested(depth: number): unknown {
  let value: unknown = "bottom";
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

/** Any JSON value an attacker might put where a field is expected. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: hostileString },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false) },
  { weight: 1, arbitrary: fc.array(fc.oneof(hostileString, hostileNumber), { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.constantFrom("$ne", "$gt", "__proto__", "a"), hostileString) },
  { weight: 1, arbitrary: fc.integer({ min: 5, max: 500 }).map(nested) },
);

/** Fields a client must never be able to set: roles, ownership, workflow state, identities. */
export const MASS_ASSIGNMENT: Record<string, unknown>[] = [
  { role: "admin", adminType: "super" },
  { adminType: "super" },
  { status: "accepted" },
  { userId: 1 },
  { id: 1, createdAt: "2000-01-01T00:00:00.000Z" },
  { isActive: false, sessionVersion: 99 },
  { password: "hijacked-password", resetToken: "x", googleId: "attacker" },
  { slug: "../../admin", universityId: 1 },
  // Parsed, so "__proto__" is an own key, as in a request body.
  JSON.parse('{"__proto__":{"role":"admin"},"constructor":{"prototype":{"role":"admin"}}}'),
];

/** Bodies that are not JSON (or not the JSON the route wants), sent as application/json. */
export const INVALID_JSON = [
  "",
  "{",
  "{'name': 'single quotes'}",
  '{"a":1,}',
  "[1,2",
  "undefined",
  "NaN",
  "\u0000",
  '{"a":"\u0000"',
  "\uFEFF{}",
  '{"a":1}{"a":2}',
  "[".repeat(40_000) + "]".repeat(40_000),
  '{"a":'.repeat(8_000) + "1" + "}".repeat(8_000),
];

export const WRONG_CONTENT_TYPES = [
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/xml",
  "text/html; charset=utf-8",
  "application/jsonp",
  "image/png",
];

/** Segments that should be ids: negative, fractional, non-numeric, out of range, traversal. */
export const HOSTILE_IDS = [
  "-1",
  "0",
  "1.5",
  "1e3",
  "0x10",
  "2147483648",
  "99999999999999999999999",
  "-0",
  " 7",
  "abc",
  "NaN",
  "Infinity",
  "",
  "%00",
  "\u0000",
  "1\u0000",
  "../1",
  "..%2F..%2Fetc%2Fpasswd",
  "1;DROP TABLE users",
  "1' OR '1'='1",
  "١",
];

export const hostileId: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_IDS) },
  { weight: 1, arbitrary: hostileString.filter((s) => s.length < 300) },
  { weight: 1, arbitrary: fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String) },
);

/** Segments that name a file or a slug: traversal, encodings, NUL, very long. */
export const hostileKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "../../../../etc/passwd",
    "..%2F..%2F.env",
    "..\\..\\.env",
    "%2e%2e%2f%2e%2e%2fpackage.json",
    ".env",
    "./.data/pglite",
    "a/b",
    "/etc/passwd",
    "\u0000",
    "x.png\u0000.svg",
    "CON",
    "nul.svg",
    "-".repeat(300),
    "a".repeat(5000),
    "UPPER-Case",
    "fr.svg/../../x",
    "0.xml",
    "999999.xml",
    "1e3.xml",
  ),
  hostileString.filter((s) => s.length < 6000),
);

// ---- open redirects ----

/**
 * Known open-redirect payloads for a callbackUrl (or any target taken from input): another host
 * behind "//", a backslash, a tab or newline the browser drops, "@", a scheme, unicode slashes and
 * spaces, percent-encoded once or twice, broken or overlong UTF-8 escapes.
 */
export const OPEN_REDIRECTS = [
  "https://evil.example/",
  "https://evil.example//evil.example/phish",
  "http:evil.example",
  "https:/\\evil.example",
  "//evil.example",
  "///evil.example",
  "////evil.example/%2e%2e",
  "/\\evil.example",
  "\\/evil.example",
  "\\\\evil.example",
  "\\/\\/evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "\t//evil.example",
  " //evil.example",
  "/ /evil.example",
  "//evil.example@localhost",
  "/@evil.example",
  "//localhost@evil.example",
  "//evil.example%2F@localhost",
  "/%2F%2Fevil.example",
  "/%2f%2fevil.example",
  "/%252F%252Fevil.example",
  "/%25252F%25252Fevil.example",
  "%2F%2Fevil.example",
  "/%5Cevil.example",
  "/%5C%5Cevil.example",
  "/%255Cevil.example",
  "/%09/evil.example",
  "/%0A/evil.example",
  "/%00/evil.example",
  "/%E3%80%80/x",
  "/\u3000/x",
  "/\u3000/evil.example",
  "/\u00a0/evil.example",
  "/\u2028/evil.example",
  "/\u200b/evil.example",
  "/\ufeff/evil.example",
  "/\uff0fevil.example",
  "/\uff3cevil.example",
  "/%EF%BC%8Fevil.example",
  "/\u2215evil.example",
  "/\u2044evil.example",
  "/\u29f8evil.example",
  "/\u3033evil.example",
  "/%C0%AF/evil.example",
  "/%C0%AE%C0%AE/evil.example",
  "/%E0%80%AF/evil.example",
  "/%C1%9C/evil.example",
  "/%",
  "/%zz",
  "/.//evil.example",
  "/./\\evil.example",
  "/a/..//evil.example",
  "/a/../\\evil.example",
  "/%2e/%2fevil.example",
  "javascript:alert(1)",
  "/javascript:alert(1)//",
  "JaVaScRiPt:alert(1)",
  "java\tscript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "vbscript:msgbox(1)",
  "evil.example",
  "@evil.example",
  "",
  " ",
  "/" + "a".repeat(5000),
] as const;

/** Hosts, prefixes and encodings combined: the payloads above, and variations of them. */
export const openRedirect: fc.Arbitrary<string> = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(...OPEN_REDIRECTS) },
  {
    weight: 3,
    arbitrary: fc
      .tuple(
        fc.constantFrom(
          "//",
          "///",
          "/\\",
          "\\\\",
          "\\/",
          "/\t/",
          "/\n/",
          "/%2F/",
          "/%5C",
          "/\uff0f",
          "/\u2215",
          "/\u3000/",
          "https://",
          "https:\\\\",
          "https:",
          "/./",
          "/x/..//",
        ),
        fc.constantFrom(
          "evil.example",
          "evil.example@localhost",
          "localhost@evil.example",
          "evil.example:443",
        ),
        fc.constantFrom("", "/", "/phish?x=1", "#frag", "%2F..", "\\"),
        fc.constantFrom("raw", "encoded once", "encoded twice"),
      )
      .map(([prefix, host, suffix, encoding]) => {
        const payload = `${prefix}${host}${suffix}`;
        if (encoding === "raw") return payload;
        const once = `/${encodeURIComponent(payload.slice(1))}`;
        return encoding === "encoded once" ? once : `/${encodeURIComponent(once.slice(1))}`;
      }),
  },
);

// ---- in a URL, as written ----

/**
 * Percent-escapes that do not spell UTF-8, as a request line carries them (put in a URL verbatim,
 * never through encodeSegment): overlong forms of "/", "." and NUL, surrogates encoded on their own
 * (how a lone surrogate reaches a URL), bytes that never start a character, sequences cut short, code
 * points past U+10FFFF, and a '%' without two hex digits. decodeURIComponent throws on each.
 */
export const BROKEN_ESCAPES = [
  "%C0%AF",
  "%E0%80%AF",
  "%F0%80%80%AF",
  "%C0%AE%C0%AE%C0%AF",
  "%C0%80",
  "%ED%A0%80",
  "%ED%BF%BF",
  "%ED%A0%BD%ED%B8%80",
  "%FF",
  "%FE%FF",
  "%80",
  "%E2%82",
  "%F0%9F%98",
  "%F4%90%80%80",
  "%F8%88%80%80%80",
  "%",
  "%2",
  "%zz",
  "100%",
  "caf%E9",
] as const;

/** Control characters, NUL, a noncharacter and the BOM, written as their escapes. */
const ESCAPED_CONTROL = [
  "%00",
  "a%00b",
  "%01",
  "%1B%5B31m",
  "%7F",
  "%0D%0A",
  "%C2%85",
  "%EF%BF%BE",
  "%EF%BB%BF",
];

/**
 * A path segment or query value as written in a URL: a broken escape alone, inside valid text, after
 * a real value (`prefix`), or NUL and control characters escaped, or random bytes escaped one by one
 * (mostly not UTF-8).
 */
export function hostileUrlText(prefix: string[] = []): fc.Arbitrary<string> {
  const broken = fc.constantFrom(...BROKEN_ESCAPES);
  const text = fc.string({ maxLength: 8 }).map((s) => encodeSegment(s));
  return fc.oneof(
    { weight: 4, arbitrary: broken },
    { weight: 2, arbitrary: fc.constantFrom(...ESCAPED_CONTROL) },
    { weight: 2, arbitrary: fc.tuple(text, broken, text).map((parts) => parts.join("")) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom(...prefix.map(encodeSegment), "x"),
          fc.oneof(broken, fc.constantFrom(...ESCAPED_CONTROL)),
        )
        .map((parts) => parts.join("")),
    },
    {
      weight: 1,
      arbitrary: fc
        .uint8Array({ minLength: 1, maxLength: 12 })
        .map((bytes) =>
          Array.from(bytes, (b) => `%${b.toString(16).toUpperCase().padStart(2, "0")}`).join(""),
        ),
    },
    {
      weight: 1,
      arbitrary: fc.integer({ min: 201, max: 4_000 }).map((n) => "%C0%AF".repeat(Math.ceil(n / 6))),
    },
  );
}

/** A URL holds UTF-8 bytes: an unpaired surrogate goes as U+FFFD, as a browser sends it. */
export function encodeSegment(value: string): string {
  return encodeURIComponent(
    value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD"),
  );
}

// ---- fake images for POST /api/uploads ----

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const text = (s: string) => new TextEncoder().encode(s);

export interface FakeImage {
  name: string;
  bytes: Uint8Array;
  contentType: string;
}

/** Files that claim to be images and are not, or are too large by one byte. */
export function fakeImages(): FakeImage[] {
  const tooLarge = new Uint8Array(5 * MB + 1);
  tooLarge.set(PNG_MAGIC);
  const truncatedPng = new Uint8Array(PNG_MAGIC.slice(0, 5));
  return [
    { name: "wrong magic bytes", bytes: text("GIF00a not an image at all"), contentType: "image/gif" },
    { name: "text as png", bytes: text("hello, I am text"), contentType: "image/png" },
    { name: "truncated png", bytes: truncatedPng, contentType: "image/png" },
    {
      name: "svg with script",
      bytes: text(
        '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>',
      ),
      contentType: "image/svg+xml",
    },
    {
      name: "html polyglot",
      bytes: new Uint8Array([...PNG_MAGIC.slice(0, 4), ...text("<html><script>alert(1)</script></html>")]),
      contentType: "image/png",
    },
    {
      name: "gif/js polyglot",
      bytes: text("GIF89a/*\x00\x00*/=alert(1)//;<script>alert(1)</script>"),
      contentType: "image/gif",
    },
    { name: "5 MB + 1 byte", bytes: tooLarge, contentType: "image/png" },
    { name: "empty", bytes: new Uint8Array(0), contentType: "image/png" },
    {
      name: "zip disguised",
      bytes: new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]),
      contentType: "image/jpeg",
    },
  ];
}

/** A multipart form with the file in `field` (the form's field is "file"). */
export function multipart(field: string, image: FakeImage): { body: Uint8Array; contentType: string } {
  const boundary = "----hostile" + image.name.replace(/\W/g, "");
  const head = text(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="../../${image.name}.png"\r\n` +
      `Content-Type: ${image.contentType}\r\n\r\n`,
  );
  const tail = text(`\r\n--${boundary}--\r\n`);
  const body = new Uint8Array(head.length + image.bytes.length + tail.length);
  body.set(head);
  body.set(image.bytes, head.length);
  body.set(tail, head.length + image.bytes.length);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

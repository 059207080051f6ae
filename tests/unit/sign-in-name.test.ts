import { imitatedName, isUsernameShaped } from "@/lib/auth/sign-in-name.server";
import { loginSchema } from "@/lib/validation/auth";
import { lookAlikes } from "../support/hostile";

// A typed sign-in name: NFKC (the sign-in schema), then either a username's shape or a look-alike
// of the name it imitates.
const typed = (username: string) => loginSchema.parse({ username, password: "x" }).username;

test("fullwidth letters and the Kelvin sign are read as the ASCII name", () => {
  expect(typed("ｓｔｕｄｅｎｔ＿ｋｉｏｓｋ")).toBe("student_kiosk");
  expect(typed("\u212Aiosk")).toBe("Kiosk");
  expect(typed("  ﬁ  ")).toBe("fi");
});

test("every look-alike of a name imitates that name, and none has a username's shape", () => {
  const name = "student_kiosk";
  for (const [kind, variant] of Object.entries(lookAlikes(name))) {
    const read = typed(variant);
    expect([kind, imitatedName(read).toLowerCase()]).toEqual([kind, name]);
    const nfkcToName = kind === "fullwidth letters" || kind === "Kelvin sign (U+212A)";
    expect([kind, isUsernameShaped(read)]).toEqual([kind, nfkcToName]);
  }
});

test("characters whose lowercase is a Latin letter, accents, and letters of other scripts", () => {
  expect(imitatedName("ADMİN")).toBe("ADMIN");
  expect(imitatedName("admi\u0307n")).toBe("admin");
  expect(imitatedName("ádmín")).toBe("admin");
  expect(imitatedName("аdmіn")).toBe("admin"); // Cyrillic а and і
  expect(imitatedName("ΑΔΜΙΝ")).toBe("AΔMIN"); // a Greek delta has no Latin look-alike
  expect(imitatedName("dıana")).toBe("diana");
  expect(imitatedName("名前")).toBe("名前");
});

test("a username's shape: ASCII letters, digits, '.', '_' and '-' only", () => {
  expect(isUsernameShaped("Ada.L-ovelace_1")).toBe(true);
  for (const name of ["ada lovelace", "adaİ", "ada\u0301", "аda", "ada@example.com", ""]) {
    expect([name, isUsernameShaped(name)]).toEqual([name, false]);
  }
});

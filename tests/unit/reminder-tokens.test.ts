import {
  calendarToken,
  calendarTokenParts,
  unsubscribeToken,
  unsubscribeTokenUser,
} from "@/lib/reminders/tokens.server";

// The signed addresses of reminders: what a token names, and that altering it voids it.

test("an unsubscribe token names its user; a tampered or foreign one names nobody", () => {
  const token = unsubscribeToken(42);
  expect(unsubscribeTokenUser(token)).toBe(42);
  expect(unsubscribeTokenUser(token.replace(/^42\./, "43."))).toBeNull();
  expect(unsubscribeTokenUser(`${token}x`)).toBeNull();
  expect(unsubscribeTokenUser("")).toBeNull();
  expect(unsubscribeTokenUser("42")).toBeNull();
  // A calendar token is not an unsubscribe token (the purpose is signed too).
  expect(unsubscribeTokenUser(calendarToken(42, 0).replace(/^42\.0\./, "42."))).toBeNull();
});

test("a calendar token names its user and version", () => {
  expect(calendarTokenParts(calendarToken(7, 3))).toEqual({ userId: 7, version: 3 });
  expect(calendarTokenParts(calendarToken(7, 3).replace(".3.", ".4."))).toBeNull();
  expect(calendarTokenParts("7.3.not-a-signature")).toBeNull();
  expect(calendarTokenParts("99999999999.0.x")).toBeNull();
  expect(calendarToken(7, 3)).not.toBe(calendarToken(7, 4));
});

import {
  REASONS_REQUIRED,
  transitionFormFields,
  transitionFormSchema,
} from "@/lib/validation/transition-form";

// The forms' schema reads what a person fills in and gives the PATCH route's input, checked with
// the route's own schema; each refusal is on the field that caused it.

const parse = (fields: Record<string, string>) =>
  transitionFormSchema.safeParse(transitionFormFields(Object.entries(fields)));

const errorsOf = (fields: Record<string, string>) => {
  const result = parse(fields);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
};

const base = { id: "7", from: "sent-to-university" };

test("an offer: numbered lines in order, blank ones left out", () => {
  const result = parse({
    ...base,
    status: "approved",
    "offer.conditions.2": "Final transcript",
    "offer.conditions.0": "IELTS 6.5 overall",
    "offer.conditions.1": "  ",
    "offer.replyBy": "2027-03-12",
    "offer.startTerm": "",
    note: "",
  });
  expect(result.success && result.data).toEqual({
    id: 7,
    from: "sent-to-university",
    status: "approved",
    note: null,
    offer: {
      conditions: ["IELTS 6.5 overall", "Final transcript"],
      replyBy: new Date("2027-03-12T00:00:00Z"),
    },
  });
});

test("an interview's date, time and time zone become the moment the route stores", () => {
  const result = parse({
    ...base,
    status: "interviewing",
    "interview.date": "2027-03-12",
    "interview.time": "14:30",
    "interview.timeZone": "Europe/Paris",
    "interview.mode": "online",
    "interview.location": "https://meet.example/abc",
    "interview.notes": "",
  });
  expect(result.success && result.data.interview).toEqual({
    startsAt: "2027-03-12T14:30:00+01:00",
    timeZone: "Europe/Paris",
    mode: "online",
    location: "https://meet.example/abc",
  });
});

test("each missing piece is refused on its own field", () => {
  expect(
    errorsOf({
      ...base,
      status: "interviewing",
      "interview.date": "2027-02-30",
      "interview.time": "25:00",
      "interview.timeZone": "Mars/Olympus",
      "interview.location": " ",
    }),
  ).toEqual({
    "interview.date": "Give the interview's date",
    "interview.time": "Give the interview's time",
    "interview.timeZone": "Choose the time zone of the date and time",
    "interview.mode": "Choose online or in person",
    "interview.location": "Give the link or the place",
  });
  expect(errorsOf({ ...base, status: "rejected" })).toEqual({ reasons: REASONS_REQUIRED });
  expect(errorsOf({ ...base, status: "rejected", "reasons.grades.chosen": "on" })).toEqual({
    "reasons.grades.detail": "Say in a sentence what this reason means for this application",
  });
  expect(errorsOf({ id: "7", from: "place-confirmed", status: "deferred", startTerm: " " })).toEqual({
    reason: "Say why, in a sentence: the student reads it",
    startTerm: "Give the later start the place moves to",
  });
  expect(errorsOf({ ...base, status: "approved", "offer.replyBy": "next week" })).toEqual({
    "offer.replyBy": "Give the date the student must reply by",
  });
});

test("the form's own fields only: no prototype keys, no huge numbered lists", () => {
  const fields = transitionFormFields([
    ["__proto__.polluted", "yes"],
    ["offer.constructor.x", "yes"],
    ["offer.conditions.999999999", "a"],
  ]);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(fields).toEqual({ offer: { conditions: { "999999999": "a" } } });
  expect(
    errorsOf({
      ...base,
      status: "approved",
      "offer.replyBy": "2027-03-12",
      "offer.conditions.999999999": "a",
    }),
  ).toEqual({
    "offer.conditions.999999999": "Invalid key in record",
  });
});

import { parseRatesCsv } from "@/lib/rates/csv";

// The rates file's checks: each refusal names its line and says what to write instead.

const TODAY = "2026-11-27";
const parse = (text: string) => parseRatesCsv(text, TODAY);
const refusal = (text: string) => {
  const result = parse(text);
  if (result.ok) throw new Error("accepted");
  return result.message;
};

describe("parseRatesCsv", () => {
  it("reads the columns in any order and case, with a BOM, CRLF, quotes and blank lines", () => {
    expect(
      parse('\uFEFFDate,Currency,Rate\r\n"2026-11-01",eur,"0.9195"\r\n\r\n2026-11-01,GBP,0.79\r\n'),
    ).toEqual({
      ok: true,
      rows: [
        { line: 2, currency: "EUR", rate: "0.9195", date: "2026-11-01" },
        { line: 4, currency: "GBP", rate: "0.79", date: "2026-11-01" },
      ],
    });
  });

  it.each([
    ["", /^The file is empty/],
    ["currency,rate\nEUR,1\n", /^Line 1: the header must name the columns currency,rate,date/],
    ["currency,rate,date,note\nEUR,1,2026-11-01,x\n", /^Line 1: the header/],
    ["currency,rate,date\n", /^The file has no rates/],
    ["currency,rate,date\nEUR,0.9\n", /^Line 2: expected 3 values/],
    [
      "currency,rate,date\nEUR,0.9,2026-11-01\nEURO,1,2026-11-01\n",
      /^Line 3: "EURO" is not an ISO 4217 currency code/,
    ],
    ["currency,rate,date\nUSD,1,2026-11-01\n", /^Line 2: USD is the base currency/],
    ["currency,rate,date\nEUR,0,2026-11-01\n", /^Line 2: the rate "0" must be a positive number/],
    ["currency,rate,date\nEUR,-1,2026-11-01\n", /^Line 2: the rate "-1"/],
    ["currency,rate,date\nEUR,1.5e3,2026-11-01\n", /^Line 2: the rate "1.5e3"/],
    ["currency,rate,date\nEUR,0.12345678901,2026-11-01\n", /^Line 2: the rate/],
    ["currency,rate,date\nEUR,0.9,2026-02-30\n", /^Line 2: the date "2026-02-30" must be a day/],
    ["currency,rate,date\nEUR,0.9,1/11/2026\n", /^Line 2: the date "1\/11\/2026"/],
    ["currency,rate,date\nEUR,0.9,2026-11-28\n", /^Line 2: the date 2026-11-28 has not come yet/],
    [
      "currency,rate,date\nEUR,0.9,2026-11-01\neur,0.91,2026-11-01\n",
      /^Line 3: EUR on 2026-11-01 is already on line 2/,
    ],
  ])("refuses %j", (text, message) => {
    expect(refusal(text)).toMatch(message);
  });

  it("accepts today's rate", () => {
    expect(parse(`currency,rate,date\nJPY,150.25,${TODAY}\n`).ok).toBe(true);
  });
});

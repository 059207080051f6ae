import { protectCell, unprotectCell } from "@/lib/import/formula";

// CSV exports must not carry live spreadsheet formulas, and importing an export changes nothing.

test("a cell that a spreadsheet would run as a formula is exported as text", () => {
  for (const cell of ['=HYPERLINK("http://evil.example")', "+1", "-2+3", "@SUM(A1)", "\tx", "\rx"]) {
    expect(protectCell(cell)).toBe(`'${cell}`);
  }
  for (const cell of ["University of Oslo", "12000.00", "2027-01-15T00:00:00.000Z", "", "'quoted"]) {
    expect(protectCell(cell)).toBe(cell);
  }
  expect(protectCell(45)).toBe(45);
});

test("the import reads an exported cell back as it was", () => {
  for (const cell of ['=HYPERLINK("x")', "+1", "-2", "@a", "\tx", "plain", "'quoted", "'"]) {
    expect(unprotectCell(String(protectCell(cell)))).toBe(cell);
  }
});

test("a text that starts with an apostrophe before a formula character reads back as it was", () => {
  for (const cell of ["'=1+1", "''-x", "'@home"]) {
    expect(protectCell(cell)).toBe(`'${cell}`);
    expect(unprotectCell(String(protectCell(cell)))).toBe(cell);
  }
});

test("a text that starts with an apostrophe before a formula character reads back as it was", () => {
  for (const cell of ["'=1+1", "''-x", "'@home"]) {
    expect(protectCell(cell)).toBe(`'${cell}`);
    expect(unprotectCell(String(protectCell(cell)))).toBe(cell);
  }
});

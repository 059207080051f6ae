// Spreadsheet formulas in CSV: a cell that starts with =, +, -, @, a tab or a carriage
// return is run as a formula when the export is opened in Excel or Sheets, so a university name
// like `=HYPERLINK("http://evil.example")` would become a live link on an admin's machine. The
// export prefixes such cells with an apostrophe, which spreadsheets show as text; the import takes
// that apostrophe off again, so importing an export still changes nothing. A text that already
// starts with apostrophes before such a character ('=x) gets one more, so that the import, which
// takes one off, reads it back as it was.

const FORMULA_START = /^'*[=+\-@\t\r]/;

/** A cell as the export writes it. */
export function protectCell(value: unknown): unknown {
  return typeof value === "string" && FORMULA_START.test(value) ? `'${value}` : value;
}

/** A CSV cell as the import reads it: the export's apostrophe before a formula character removed. */
export function unprotectCell(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}

// Figures of a load run, from autocannon's results: pure, so that it is unit-tested.

/** The parts of autocannon's result the bench reports. */
export interface LoadResult {
  /** `total`: answered; `sent`: sent, including those still unanswered when the run ended. */
  requests: { average: number; total: number; sent: number };
  latency: { p50: number; p90: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}

export interface LoadRow {
  scenario: string;
  connections: number;
  reqPerSec: number;
  p50: number;
  p90: number;
  p99: number;
  /** Connection errors, timeouts and answers other than 2xx. */
  errors: number;
  /**
   * Requests still waiting for their answer when the run ended: normally about one per
   * connection; all that were sent, with no answer at all, when the server could not keep up.
   */
  unanswered: number;
  /** req/s over the reference route's req/s at the same connection count, from the same run. */
  ratio: number | null;
}

/** The value below which `p` percent of `sorted` (ascending) lie. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export function toRow(scenario: string, connections: number, result: LoadResult): Omit<LoadRow, "ratio"> {
  return {
    scenario,
    connections,
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    unanswered: Math.max(0, result.requests.sent - result.requests.total),
  };
}

/** Each row's throughput relative to the reference scenario's at the same connection count. */
export function withRatios(rows: Omit<LoadRow, "ratio">[], reference: string): LoadRow[] {
  const ceiling = new Map(
    rows.filter((r) => r.scenario === reference).map((r) => [r.connections, r.reqPerSec]),
  );
  return rows.map((row) => {
    const base = ceiling.get(row.connections);
    return { ...row, ratio: base ? Math.round((row.reqPerSec / base) * 1000) / 1000 : null };
  });
}

/** A plain-text table: a header and one line per row, columns padded to their widest cell. */
export function table(header: string[], rows: (string | number)[][]): string {
  const cells = [header, ...rows.map((row) => row.map(String))];
  const widths = header.map((_, column) => Math.max(...cells.map((row) => (row[column] ?? "").length)));
  return cells
    .map((row) =>
      row
        .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column])))
        .join("  "),
    )
    .join("\n");
}

export function loadTable(rows: LoadRow[]): string {
  return table(
    ["scenario", "conn", "req/s", "ratio", "p50 ms", "p90 ms", "p99 ms", "errors", "unanswered"],
    rows.map((r) => [
      r.scenario,
      r.connections,
      r.reqPerSec.toFixed(0),
      r.ratio === null ? "-" : r.ratio.toFixed(3),
      r.p50,
      r.p90,
      r.p99,
      r.errors,
      r.unanswered,
    ]),
  );
}

/** p50 and throughput of the same scenarios at two database sizes, and p50's growth. */
export function scaleComparison(
  small: LoadRow[],
  large: LoadRow[],
): {
  scenario: string;
  connections: number;
  p50Small: number;
  p50Large: number;
  p50Growth: number | null;
  reqPerSecSmall: number;
  reqPerSecLarge: number;
}[] {
  return small.flatMap((s) => {
    const l = large.find((r) => r.scenario === s.scenario && r.connections === s.connections);
    if (!l) return [];
    return [
      {
        scenario: s.scenario,
        connections: s.connections,
        p50Small: s.p50,
        p50Large: l.p50,
        // No p50 where nothing was answered.
        p50Growth: s.reqPerSec > 0 && l.reqPerSec > 0 ? Math.round((l.p50 / s.p50) * 100) / 100 : null,
        reqPerSecSmall: s.reqPerSec,
        reqPerSecLarge: l.reqPerSec,
      },
    ];
  });
}

import { percentile, type Sample } from "./http";
import type { FaultReport } from "./faults";
import type { IntegrityReport } from "./integrity";

// What a load run prints: requests, rate, latency percentiles overall and per kind, answers that
// were not 2xx/3xx by kind and status, and the rows the integrity check compared.

const ms = (value: number) => `${Math.round(value)} ms`;

export function printRequests(samples: Sample[], seconds: number, log: (line: string) => void) {
  const all = samples.map((s) => s.ms).sort((a, b) => a - b);
  log(
    `${samples.length} requests in ${seconds.toFixed(1)} s: ${(samples.length / seconds).toFixed(1)} req/s, ` +
      `p50 ${ms(percentile(all, 50))}, p99 ${ms(percentile(all, 99))}, max ${ms(all.at(-1) ?? 0)}`,
  );
  const kinds = new Map<string, Sample[]>();
  for (const sample of samples) kinds.set(sample.kind, [...(kinds.get(sample.kind) ?? []), sample]);
  const width = Math.max(...[...kinds.keys()].map((k) => k.length));
  for (const [kind, list] of [...kinds].sort((a, b) => b[1].length - a[1].length)) {
    const times = list.map((s) => s.ms).sort((a, b) => a - b);
    log(
      `  ${kind.padEnd(width)} ${String(list.length).padStart(6)}  p50 ${ms(percentile(times, 50)).padStart(8)}` +
        `  p99 ${ms(percentile(times, 99)).padStart(8)}`,
    );
  }
  const errors = new Map<string, number>();
  for (const { kind, outcome } of samples) {
    if (typeof outcome === "number" && outcome < 400) continue;
    const key = `${kind} → ${outcome}`;
    errors.set(key, (errors.get(key) ?? 0) + 1);
  }
  log(errors.size ? "answers other than 2xx/3xx, by kind:" : "answers other than 2xx/3xx: none");
  for (const [key, n] of [...errors].sort((a, b) => b[1] - a[1])) log(`  ${key}: ${n}`);
}

export function printIntegrity(report: IntegrityReport, log: (line: string) => void) {
  const checked = Object.entries(report.checked)
    .map(([what, n]) => `${n} ${what}`)
    .join(", ");
  log(`integrity: ${checked}; ${report.failures.length} failures`);
  if (report.unanswered.submits)
    log(
      `  ${report.unanswered.submits} submits got no answer; ${report.unanswered.written} of them were written (complete)`,
    );
}

export function printFault(report: FaultReport, log: (line: string) => void) {
  for (const line of report.lines) log(line);
  log(`  ${report.failures.length} failures`);
}

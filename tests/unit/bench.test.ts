import { parseArgs, PARTS } from "@/scripts/bench/args";
import { allScenarios, distinctSearches, searchScenarios } from "@/scripts/bench/load";
import { describeProcess, findProcess, parseSchedstat, processCpuNs } from "@/scripts/bench/cpu";
import { meanCpuMs, unseenSearches } from "@/scripts/bench/render";
import {
  loadTable,
  percentile,
  scaleComparison,
  table,
  toRow,
  withRatios,
  type LoadResult,
} from "@/scripts/bench/summary";

const result = (reqPerSec: number, p50 = 10, unanswered = 0): LoadResult => ({
  requests: { average: reqPerSec, total: reqPerSec * 10, sent: reqPerSec * 10 + unanswered },
  latency: { p50, p90: p50 * 2, p99: p50 * 3 },
  errors: 1,
  timeouts: 2,
  non2xx: 3,
});

describe("bench arguments", () => {
  it("runs every part at 10 and 50 connections for 10 s by default", () => {
    const options = parseArgs([]);
    expect([...options.parts]).toEqual([...PARTS]);
    expect(options).toMatchObject({
      duration: 10,
      connections: [10, 50],
      port: 3100,
      build: false,
      out: "bench/results.json",
    });
    expect(options.scale).toBeUndefined();
  });

  it("reads --only, --skip, --duration, --connections, --port, --build, --scale and --out", () => {
    expect([...parseArgs(["--only", "load,bytes"]).parts]).toEqual(["load", "bytes"]);
    expect([...parseArgs(["--skip", "lighthouse,queries"]).parts]).toEqual(["render", "load", "bytes"]);
    expect(
      parseArgs([
        "--duration",
        "3",
        "--connections",
        "1,20",
        "--port",
        "3330",
        "--build",
        "--scale",
        "100000",
        "--out",
        "x.json",
      ]),
    ).toMatchObject({
      duration: 3,
      connections: [1, 20],
      port: 3330,
      build: true,
      scale: 100_000,
      out: "x.json",
    });
  });

  it("refuses what it cannot use, naming the flag", () => {
    expect(() => parseArgs(["--only", "load,speed"])).toThrow('--only: unknown part "speed"');
    expect(() => parseArgs(["--duration", "0"])).toThrow("--duration needs a positive whole number");
    expect(() => parseArgs(["--duration"])).toThrow("--duration needs a positive whole number");
    expect(() => parseArgs(["--connections", "10,x"])).toThrow("--connections needs a positive whole number");
    expect(() => parseArgs(["--scale", "5000"])).toThrow("--scale needs more than 10000 universities");
    expect(() => parseArgs(["--fast"])).toThrow("Unknown option --fast");
  });
});

describe("bench figures", () => {
  it("counts errors, timeouts and non-2xx answers as errors, and the requests cut off by the run's end apart", () => {
    expect(toRow("slow", 10, result(0, 0, 10))).toMatchObject({ errors: 6, unanswered: 10 });
    expect(toRow("home", 10, result(500))).toEqual({
      scenario: "home",
      connections: 10,
      reqPerSec: 500,
      p50: 10,
      p90: 20,
      p99: 30,
      errors: 6,
      unanswered: 0,
    });
  });

  it("relates each scenario to the reference at the same connection count", () => {
    const rows = withRatios(
      [
        toRow("ref", 10, result(1000)),
        toRow("home", 10, result(250)),
        toRow("ref", 50, result(800)),
        toRow("home", 50, result(600)),
        toRow("api", 1, result(90)),
      ],
      "ref",
    );
    expect(rows.map((r) => [r.scenario, r.connections, r.ratio])).toEqual([
      ["ref", 10, 1],
      ["home", 10, 0.25],
      ["ref", 50, 1],
      ["home", 50, 0.75],
      // No reference was measured at 1 connection.
      ["api", 1, null],
    ]);
    expect(loadTable(rows).split("\n")[2]).toMatch(/^home\s+10\s+250\s+0\.250\s+10\s+20\s+30\s+6\s+0$/);
  });

  it("compares p50 and throughput at two sizes", () => {
    const small = withRatios([toRow("search", 10, result(100, 20))], "ref");
    const large = withRatios([toRow("search", 10, result(80, 30)), toRow("other", 10, result(1))], "ref");
    expect(scaleComparison(small, large)).toEqual([
      {
        scenario: "search",
        connections: 10,
        p50Small: 20,
        p50Large: 30,
        p50Growth: 1.5,
        reqPerSecSmall: 100,
        reqPerSecLarge: 80,
      },
    ]);
  });

  it("gives no p50 growth where nothing was answered", () => {
    const small = withRatios([toRow("search", 10, result(100, 20))], "ref");
    const large = withRatios([toRow("search", 10, result(0, 0, 10))], "ref");
    expect(scaleComparison(small, large)[0].p50Growth).toBeNull();
  });

  it("reads percentiles of sorted timings", () => {
    const sorted = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    expect(percentile(sorted, 50)).toBe(6);
    expect(percentile(sorted, 95)).toBe(10);
    expect(percentile([4], 50)).toBe(4);
  });

  it("pads a table's columns to the widest cell", () => {
    expect(table(["a", "bb"], [["long", 1]])).toBe("a     bb\nlong   1");
  });

  it("makes distinct search queries", () => {
    const queries = distinctSearches(2000);
    expect(new Set(queries).size).toBe(2000);
    expect(queries[0]).toBe("q=tech&country=US&sort=ranking");
    expect(queries[1234]).toBe("q=science&country=FR&field=Arts&sort=ranking");
    expect(() => distinctSearches(7201)).toThrow("At most 7200 distinct searches");
  });

  it("times first searches that the load part never asks for", () => {
    const loaded = new Set(
      [0, 1, 2].flatMap((run) => searchScenarios(run).flatMap((scenario) => scenario.paths)),
    );
    const unseen = unseenSearches(65);
    expect(new Set(unseen).size).toBe(65);
    for (const path of unseen) expect(loaded.has(path)).toBe(false);
  });

  it("gives each connection count distinct searches of its own, asked for without a warm-up", () => {
    const distinct = (run: number) => searchScenarios(run).find((s) => s.name.includes("distinct"))!;
    expect(distinct(0).warmUp).toBe(false);
    expect(distinct(0).paths).toHaveLength(2000);
    expect(distinct(1).paths).toHaveLength(2000);
    const first = new Set(distinct(0).paths);
    expect(distinct(1).paths.some((path) => first.has(path))).toBe(false);
    expect(() => searchScenarios(3)).toThrow("At most 3 connection counts");
  });

  it("measures university pages on first visits without a warm-up that would visit them, then cached", () => {
    const scenarios = allScenarios(["a-university", "b-university"], "cookie", 0);
    const first = scenarios.find((s) => s.name.endsWith("first visits"))!;
    const cached = scenarios.find((s) => s.name.endsWith("cached"))!;
    expect(first.warmUp).toBe(false);
    expect(cached.warmUp).toBeUndefined();
    expect(cached.paths).toEqual(["/university/a-university", "/university/b-university"]);
    expect(first.paths).toEqual(cached.paths);
    expect(scenarios.indexOf(cached)).toBe(scenarios.indexOf(first) + 1);
  });
});

describe("the server's CPU time", () => {
  it("reads a thread's running time from its schedstat line", () => {
    expect(parseSchedstat("99272041 1200 17\n")).toBe(99_272_041);
    expect(() => parseSchedstat("")).toThrow("Not a schedstat line");
  });

  it("adds up the time of a process's threads, which work makes grow", () => {
    if (processCpuNs(process.pid) === null) return; // no /proc: the bench leaves the figures out
    const before = processCpuNs(process.pid)!;
    // 30 ms of this thread's CPU time, however long a busy machine takes to give it (a wall-clock
    // wait got under 20 ms of CPU when other processes held both cores).
    const start = process.cpuUsage();
    while (process.cpuUsage(start).user < 30_000);
    expect(processCpuNs(process.pid)! - before).toBeGreaterThanOrEqual(20e6);
  });

  it("finds a process by its group and command line", () => {
    const self = describeProcess(process.pid);
    if (self === null) return; // no /proc
    // This process, or another of its group started by the same command (Jest's workers).
    const found = findProcess(self.group, self.command);
    expect(found).not.toBeNull();
    expect(describeProcess(found!)).toEqual(self);
    expect(findProcess(self.group, "no such command")).toBeNull();
  });

  it("gives the mean per request, and nothing when a reading is missing", () => {
    expect(
      meanCpuMs([
        { ms: 20, cpuNs: 15_000_000 },
        { ms: 22, cpuNs: 16_000_000 },
      ]),
    ).toBe(15.5);
    expect(meanCpuMs([{ ms: 20, cpuNs: null }])).toBeNull();
    expect(meanCpuMs([])).toBeNull();
  });
});

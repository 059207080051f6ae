// The command line of `npm run bench`. Pure, so that it is unit-tested.

export const PARTS = ["queries", "render", "load", "bytes", "lighthouse"] as const;
export type Part = (typeof PARTS)[number];

/** The server's port unless --port says otherwise; another port also names the bench's databases. */
export const DEFAULT_PORT = 3100;

export interface BenchOptions {
  /** What runs: every part unless --only or --skip says otherwise. */
  parts: Set<Part>;
  /** Seconds per load scenario and connection count. */
  duration: number;
  connections: number[];
  /** Port of the production server the bench starts. */
  port: number;
  /** Run `next build` even when .next is newer than the sources. */
  build: boolean;
  /** With --scale N: the queries part and the search scenarios at 10,000 and at N universities. */
  scale?: number;
  /** With --applications N: the workspace's queries at N applications, and a bulk of 500. */
  applications?: number;
  /** Where the results go. */
  out: string;
}

export const USAGE = `npm run bench -- [options]
  --only <parts>         comma-separated: ${PARTS.join(", ")} (default: all)
  --skip <parts>         comma-separated parts to leave out
  --duration <seconds>   per load scenario and connection count (default 10)
  --connections <list>   comma-separated (default 10,50)
  --port <port>          of the server the bench starts (default 3100); another port also
                         suffixes the bench's database names, so benches side by side keep apart
  --build                rebuild even when the production build is current
  --scale <n>            seed n synthetic universities (10 programs each) in a database of their own
                         and compare the search at 10,000 and at n universities (the parts
                         queries and load; --only or --skip chooses between them)
  --applications <n>     seed n synthetic applications in a database of their own and time the
                         admissions workspace's queue, each filter and a bulk change of 500
  --out <file>           results file (default bench/results.json)`;

function positiveInteger(flag: string, value: string | undefined): number {
  const number = Number(value);
  if (!value || !Number.isInteger(number) || number <= 0)
    throw new Error(`${flag} needs a positive whole number`);
  return number;
}

function partList(flag: string, value: string | undefined): Part[] {
  if (!value) throw new Error(`${flag} needs a list of parts`);
  return value.split(",").map((name) => {
    if (!(PARTS as readonly string[]).includes(name)) throw new Error(`${flag}: unknown part "${name}"`);
    return name as Part;
  });
}

export function parseArgs(argv: readonly string[]): BenchOptions {
  const options: BenchOptions = {
    parts: new Set(PARTS),
    duration: 10,
    connections: [10, 50],
    port: DEFAULT_PORT,
    build: false,
    out: "bench/results.json",
  };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = () => argv[++i];
    switch (flag) {
      case "--only":
        options.parts = new Set(partList(flag, value()));
        break;
      case "--skip":
        for (const part of partList(flag, value())) options.parts.delete(part);
        break;
      case "--duration":
        options.duration = positiveInteger(flag, value());
        break;
      case "--connections":
        options.connections = (value() ?? "").split(",").map((n) => positiveInteger(flag, n));
        break;
      case "--port":
        options.port = positiveInteger(flag, value());
        break;
      case "--build":
        options.build = true;
        break;
      case "--scale":
        options.scale = positiveInteger(flag, value());
        if (options.scale <= 10_000) throw new Error("--scale needs more than 10000 universities");
        break;
      case "--applications":
        options.applications = positiveInteger(flag, value());
        break;
      case "--out":
        options.out = value() ?? "";
        if (!options.out) throw new Error("--out needs a file name");
        break;
      default:
        throw new Error(`Unknown option ${flag}\n${USAGE}`);
    }
  }
  return options;
}

/**
 * The GitOps monitors file: monitors declared in YAML, keyed by the Pulumi resource
 * name, and validated with the same check the `Monitor` provider runs, so that a bad
 * file fails before anything is sent and names the file, the entry and the field:
 *
 * ```yaml
 * monitors:
 *   api:                        # resource name: keep it stable, renaming replaces
 *     name: API health
 *     url: https://api.example.com/health
 *     interval: 60
 *     alerts:
 *       - key: webhook
 *         value: ${config:opsWebhookUrl}   # read from secret stack config
 * ```
 *
 * Fields are the `Monitor` arguments (`MonitorArgs`) in the same camelCase names.
 * Top-level keys starting with `x-` are ignored: a place for YAML anchors of shared
 * settings (`x-defaults: &defaults ...`, then `<<: *defaults` in an entry).
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, isAbsolute, join, relative, resolve } from "node:path";
import type { Document } from "yaml";
import type { Unwrap } from "@pulumi/pulumi";
import type { CheckFailure } from "@pulumi/pulumi/dynamic";
import { checkMonitor } from "../runtime/monitor/check-monitor";
import { nameKey } from "../util/monitor-names";
import { UNKNOWN } from "../runtime/unknowns";
import type { MonitorArgs } from "../dynamic/monitor";
import { configRefsIn, mapConfigRefStrings, splitConfigRefs } from "./config-refs";

/** A monitor's fields as written in the file (placeholders such as `${config:key}` kept). */
export type MonitorFileArgs = Unwrap<MonitorArgs>;

/** One monitor of the file. */
export interface MonitorFileEntry {
  /** The key under `monitors:`: the Pulumi resource name. */
  resourceName: string;
  /** Position in the file, from 1. */
  index: number;
  /** Line of the entry in the file, from 1. */
  line?: number;
  /** The fields as written. */
  args: MonitorFileArgs;
  /** Config keys its `${config:...}` placeholders read, in order of first use. */
  configKeys: string[];
}

/** One thing wrong with a monitors file. */
export interface MonitorsFileProblem {
  /** The file as named in messages. */
  file: string;
  /** Position of the entry, from 1, when the problem is inside one. */
  entry?: number;
  /** The entry's key (resource name). */
  resourceName?: string;
  /** The field, e.g. `interval` or `alerts[1].value`, when one is at fault. */
  field?: string;
  /** What is wrong; starts with the field when there is one (`interval: 45 is not one of ...`). */
  reason: string;
  /** Line in the file, from 1, when known. */
  line?: number;
}

/** Formats one problem: `monitors.yaml: entry 2 ("api"): interval: 45 is not one of ... (line 9)`. */
export function formatProblem(p: MonitorsFileProblem): string {
  const where =
    p.entry !== undefined
      ? ` entry ${p.entry}${p.resourceName !== undefined ? ` (${JSON.stringify(p.resourceName)})` : ""}:`
      : "";
  return `${p.file}:${where} ${p.reason}${p.line !== undefined ? ` (line ${p.line})` : ""}`;
}

/**
 * A monitors file that cannot be used; `problems` lists everything wrong with it, not
 * just the first. A Pulumi `RunError`: thrown in a program, `pulumi up` prints the
 * message without a stack trace.
 */
export class MonitorsFileError extends Error {
  /**
   * The mark by which Pulumi tells a RunError (`RunError.isInstance`), which works across
   * copies of the SDK. Set here rather than extending RunError: importing it loads gRPC,
   * which `pulumi-uptime test --file` does not need (40 ms of its start).
   */
  readonly __pulumiRunError = true;
  /** The file as named in messages. */
  readonly file: string;
  /** Every problem found. */
  readonly problems: MonitorsFileProblem[];

  constructor(file: string, problems: MonitorsFileProblem[]) {
    const lines = problems.map(formatProblem);
    super(
      lines.length === 1 ? lines[0] : `${file}: ${lines.length} problems:\n${lines.map((l) => `  ${l}`).join("\n")}`,
    );
    this.name = "MonitorsFileError";
    this.file = file;
    this.problems = problems;
  }
}

/** `alerts[1].value` → `["alerts", 1, "value"]`. */
function yamlPath(field: string): (string | number)[] {
  const out: (string | number)[] = [];
  for (const m of field.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) out.push(m[2] !== undefined ? Number(m[2]) : m[1]);
  return out;
}

/** Every string path inside `value` holding a placeholder, as `alerts[0].value`. */
function refPaths(value: unknown, prefix = ""): { path: string; text: string }[] {
  if (typeof value === "string") return value.includes("${config:") ? [{ path: prefix, text: value }] : [];
  if (Array.isArray(value)) return value.flatMap((v, i) => refPaths(v, `${prefix}[${i}]`));
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([k, v]) => refPaths(v, prefix ? `${prefix}.${k}` : k));
  }
  return [];
}

/**
 * The provider's check, run until it finds nothing new: the schema's cross-field rules
 * (a text lookup for a text condition, say) only run once every field parses, so each
 * failing field is set aside and the rest checked again, to list every
 * problem of the entry at once.
 */
const STAND_INS: Record<string, unknown> = { name: "stand-in", url: "https://stand-in.example", interval: 60 };

function checkEntry(bag: Record<string, unknown>): CheckFailure[] {
  const all: CheckFailure[] = [];
  const seen = new Set<string>();
  let current = bag;
  for (let pass = 0; pass < 4; pass++) {
    const failures = (checkMonitor(current).failures ?? []).filter((f) => !seen.has(f.reason));
    if (failures.length === 0) break;
    const next = { ...current };
    for (const f of failures) {
      seen.add(f.reason);
      all.push(f);
      const top = (f.property || f.reason.split(": ")[0]).split(/[.[]/)[0];
      // An unknown optional field passes the schema and silences its group's rules; a
      // required one would still fail it, so it gets a valid stand-in instead.
      if (f.reason.startsWith(`${top}: is not a property`)) delete next[top];
      else next[top] = top in STAND_INS ? STAND_INS[top] : UNKNOWN;
    }
    current = next;
  }
  return all;
}

function safeConfigRefs(args: unknown): string[] {
  try {
    return configRefsIn(args);
  } catch {
    return [];
  }
}

function describe(value: unknown): string {
  if (value === null) return "nothing (null)";
  if (Array.isArray(value)) return "a list";
  return `a ${typeof value}`;
}

/** Where a problem is in the file: line numbers, from the nodes' positions. */
interface Lines {
  /** Line of a top-level key. */
  top(key: string): number | undefined;
  /** Line of the `monitors` value. */
  monitors(): number | undefined;
  /** Line of an entry's key. */
  entry(resourceName: string): number | undefined;
  /** Line of a field of an entry (`alerts[1].value`), else of the entry. */
  field(resourceName: string, field: string): number | undefined;
}

/**
 * The file read by the `yaml` package (YAML 1.2's core schema, with merge keys `<<` and
 * unique keys), with each node's position, or its syntax problems, each with its line.
 */
function readYaml(text: string, fileName: string): { root: unknown; lines: Lines } {
  // Loaded here, not with the module: a program importing the package reads no file.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { isMap, LineCounter, parseDocument } = require("yaml") as typeof import("yaml");
  const lineCounter = new LineCounter();
  const doc: Document = parseDocument(text, { lineCounter, prettyErrors: false, merge: true, uniqueKeys: true });
  const lineAt = (offset: number | undefined) => (offset === undefined ? undefined : lineCounter.linePos(offset).line);
  if (doc.errors.length) {
    throw new MonitorsFileError(
      fileName,
      doc.errors.map((e) => ({
        file: fileName,
        reason: `invalid YAML: ${e.message.split("\n")[0].replace(/ at line \d+, column \d+:?$/, "")}`,
        line: lineAt(e.pos[0]),
      })),
    );
  }
  let root: unknown;
  try {
    // Aliases may not grow the value past the size of the text (a "billion laughs" is refused),
    // but a fleet's file may merge one anchor into each of its thousands of entries.
    root = doc.toJS({ maxAliasCount: Math.max(1000, text.length) });
  } catch (err) {
    throw new MonitorsFileError(fileName, [{ file: fileName, reason: `invalid YAML: ${(err as Error).message}` }]);
  }
  const rangeLine = (node: unknown) => lineAt((node as { range?: number[] } | undefined)?.range?.[0]);
  // Each entry's node by key, found once: a search per entry is quadratic in a fleet's file.
  let entryNodes: Map<string, { key: unknown }> | undefined;
  const entryNode = (resourceName: string) => {
    if (!entryNodes) {
      entryNodes = new Map();
      const monitorsNode = doc.get("monitors", true);
      if (isMap(monitorsNode)) {
        for (const p of monitorsNode.items) {
          const key = String((p.key as { value?: unknown })?.value ?? p.key);
          if (!entryNodes.has(key)) entryNodes.set(key, p);
        }
      }
    }
    return entryNodes.get(resourceName);
  };
  const lines: Lines = {
    top: (key) => rangeLine(doc.getIn([key], true)),
    monitors: () => rangeLine(doc.get("monitors", true)),
    entry: (resourceName) => rangeLine(entryNode(resourceName)?.key),
    field: (resourceName, field) =>
      rangeLine(doc.getIn(["monitors", resourceName, ...yamlPath(field)], true)) ?? lines.entry(resourceName),
  };
  return { root, lines };
}

/**
 * Parses and validates the text of a monitors file.
 * @param text The YAML.
 * @param fileName How to name the file in messages.
 * @throws MonitorsFileError listing every problem: YAML syntax, the file's shape, and
 *   each entry's fields as the `Monitor` provider would reject them, each with its line.
 */
export function parseMonitorsYaml(text: string, fileName = "monitors.yaml"): MonitorFileEntry[] {
  const { root, lines } = readYaml(text, fileName);
  return validateMonitors(root, fileName, lines);
}

/** The entries of a monitors file's value, or every problem with them. */
function validateMonitors(root: unknown, fileName: string, lines: Lines): MonitorFileEntry[] {
  const problems: MonitorsFileProblem[] = [];
  const fail = (p: Omit<MonitorsFileProblem, "file">) => problems.push({ file: fileName, ...p });

  if (root === null || root === undefined) {
    throw new MonitorsFileError(fileName, [
      { file: fileName, reason: "the file is empty; expected a top-level `monitors:` mapping" },
    ]);
  }
  if (typeof root !== "object" || Array.isArray(root)) {
    throw new MonitorsFileError(fileName, [
      { file: fileName, reason: `expected a top-level \`monitors:\` mapping; got ${describe(root)}` },
    ]);
  }
  const top = root as Record<string, unknown>;
  for (const key of Object.keys(top)) {
    if (key !== "monitors" && !key.startsWith("x-")) {
      fail({
        reason: `unknown top-level key ${JSON.stringify(key)}; the file has \`monitors\` (and any \`x-\` keys, for YAML anchors)`,
        line: lines.top(key),
      });
    }
  }
  if (!("monitors" in top)) {
    fail({
      reason: "missing the top-level `monitors:` mapping (monitors: { <resource name>: { name, url, interval, ... } })",
    });
    throw new MonitorsFileError(fileName, problems);
  }
  const monitors = top.monitors ?? {};
  if (typeof monitors !== "object" || Array.isArray(monitors)) {
    fail({
      reason: `monitors: expected a mapping of resource name to monitor fields (monitors: { api: { name: ..., url: ..., interval: 60 } }); got ${describe(monitors)}`,
      line: lines.monitors(),
    });
    throw new MonitorsFileError(fileName, problems);
  }

  const entries: MonitorFileEntry[] = [];
  const names = new Map<string, { index: number; resourceName: string; name: string }>();
  Object.entries(monitors as Record<string, unknown>).forEach(([resourceName, value], i) => {
    const index = i + 1;
    const entryLine = () => lines.entry(resourceName);
    const fieldLine = (field: string) => lines.field(resourceName, field);
    const at = { entry: index, resourceName };
    if (resourceName.trim() === "") {
      fail({ ...at, reason: "the key (the resource name) must not be empty", line: entryLine() });
      return;
    }
    if (value === null || typeof value !== "object" || Array.isArray(value)) {
      fail({
        ...at,
        reason: `expected a mapping of monitor fields (name, url, interval, ...); got ${describe(value)}`,
        line: entryLine(),
      });
      return;
    }
    const args = value as Record<string, unknown>;

    // Placeholders stand for values known only when the program runs: they are checked
    // the way a preview checks an unknown value, and must be well-formed.
    const refs = refPaths(args);
    for (const { path, text: s } of refs) {
      try {
        splitConfigRefs(s);
      } catch (err) {
        fail({ ...at, field: path, reason: `${path}: ${(err as Error).message}`, line: fieldLine(path) });
      }
    }

    // The check changes nothing it is given: an entry without placeholders goes as it is.
    const found = checkEntry(refs.length ? mapConfigRefStrings(args, () => UNKNOWN) : args).map((f) => {
      // A secret field's failure carries its name in the reason only (see `failure`).
      const field = f.property || f.reason.split(": ")[0];
      return { ...at, field, reason: f.reason, line: fieldLine(field) };
    });
    // In the order of the file.
    found.sort((a, b) => (a.line ?? 0) - (b.line ?? 0)).forEach(fail);

    if (typeof args.name === "string" && !args.name.includes("${config:")) {
      // Compared as the service compares names: "API" and "api" would collide there.
      const key = nameKey(args.name);
      const first = names.get(key);
      if (first) {
        fail({
          ...at,
          field: "name",
          reason: `name: ${JSON.stringify(args.name)} is also the name of entry ${first.index} (${JSON.stringify(first.resourceName)}${first.name === args.name ? "" : `: ${JSON.stringify(first.name)}`}); monitor names are unique per account, ignoring case and accents`,
          line: fieldLine("name"),
        });
      } else {
        names.set(key, { index, resourceName, name: args.name });
      }
    }
    entries.push({
      resourceName,
      index,
      line: entryLine(),
      args: args as MonitorFileArgs,
      configKeys: safeConfigRefs(args),
    });
  });

  if (problems.length) throw new MonitorsFileError(fileName, problems);
  return entries;
}

/**
 * How to name `path` in messages: relative to the Pulumi project holding it (the nearest
 * directory up with a Pulumi.yaml), else to the working directory when it is inside it,
 * else as given. A program runs from its project or from its output directory, so this
 * keeps messages short (`monitors.yaml: ...`) either way.
 */
function displayName(path: string): string {
  const abs = resolve(path);
  for (let dir = dirname(abs); ; dir = dirname(dir)) {
    if (existsSync(join(dir, "Pulumi.yaml")) || existsSync(join(dir, "Pulumi.yml"))) return relative(dir, abs);
    if (dirname(dir) === dir) break;
  }
  const rel = relative(process.cwd(), abs);
  return rel && !rel.startsWith("..") && !isAbsolute(rel) ? rel : path;
}

/**
 * Reads, parses and validates a monitors file.
 * @throws MonitorsFileError naming the file, and for each problem the entry (position and
 *   key) and the field with the reason, e.g.
 *   `monitors.yaml: entry 2 ("api"): interval: 45 is not one of 60, 180, 300, 600, 900, 1800, 3600 (line 9)`.
 */
export function loadMonitorsFile(path: string): MonitorFileEntry[] {
  const name = displayName(path);
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new MonitorsFileError(name, [
      {
        file: name,
        reason: code === "ENOENT" ? "no such file" : `cannot read the file (${code ?? (err as Error).message})`,
      },
    ]);
  }
  return parseMonitorsYaml(text, name);
}

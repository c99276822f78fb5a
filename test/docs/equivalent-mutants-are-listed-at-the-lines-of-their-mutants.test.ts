/**
 * stryker.equivalent-mutants.md names each equivalent mutant by file, line and mutator, as
 * `npm run test:mutation` reports it. Its lines come from the mutants, not from reading the
 * code: Stryker's own instrumenter (the one `npm run test:mutation` runs) makes the mutants
 * of each listed file here, and every row must name, at each of its lines, mutants that are
 * there: each mutator it lists, each replacement it quotes (`a` → `b`), and source holding
 * each original it quotes. A line typed by hand, or left behind when the code moved, fails.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Instrumenter } from "@stryker-mutator/instrumenter";
import type { Mutant } from "@stryker-mutator/api/core";
import type { Logger } from "@stryker-mutator/api/logging";
import { beforeAll, describe, expect, it } from "vitest";
import { REPO } from "../support/repo-root";

const LIST = "stryker.equivalent-mutants.md";

interface Row {
  file: string;
  lines: number[];
  /** The mutator column as written. */
  mutators: string;
}

/** The rows of the list's tables (File | Line | Mutator | Why). */
function rows(): Row[] {
  const out: Row[] = [];
  for (const line of readFileSync(join(REPO, LIST), "utf8").split("\n")) {
    // Cells split at `|` not escaped as `\|`.
    const cells = line.split(/(?<!\\)\|/).map((c) => c.trim().replace(/\\\|/g, "|"));
    if (cells.length < 5 || !cells[1].startsWith("src/")) continue;
    out.push({ file: cells[1], lines: cells[2].split(/,\s*/).map(Number), mutators: cells[3] });
  }
  return out;
}

/** Mutator names in a mutator cell, e.g. `ConditionalExpression`, `Regex`. */
function mutatorNames(cell: string): string[] {
  const outside = cell.replace(/`[^`]*`/g, "");
  return [...new Set(outside.match(/\b[A-Z][a-z]+[A-Z][A-Za-z]+\b|\bRegex\b/g) ?? [])];
}

/** The `original` → `replacement` pairs a mutator cell quotes (an original may be left out). */
function quoted(cell: string): { original?: string; replacement: string }[] {
  return [...cell.matchAll(/(?:`([^`]+)`\s*)?→\s*`([^`]+)`/g)].map((m) => ({ original: m[1], replacement: m[2] }));
}

/** Whether `text` holds `quote`, whose `…` stands for anything; spaces are not compared. */
function holds(text: string, quote: string): boolean {
  const squeeze = (s: string) => s.replace(/\s+/g, "");
  let from = 0;
  const flat = squeeze(text);
  for (const piece of quote.split("…").map(squeeze)) {
    const at = flat.indexOf(piece, from);
    if (at < 0) return false;
    from = at + piece.length;
  }
  return true;
}

/** A logger that says nothing: each level logs nowhere and reports itself off. */
const quiet = Object.fromEntries(
  ["trace", "debug", "info", "warn", "error", "fatal"].flatMap((level) => [
    [level, (): undefined => undefined],
    [`is${level[0].toUpperCase()}${level.slice(1)}Enabled`, (): boolean => false],
  ]),
) as unknown as Logger;

const listed = rows();
/** Each listed file's mutants, by the 1-based line they start on, as Stryker's reports number them. */
const mutantsAt = new Map<string, Map<number, Mutant[]>>();

beforeAll(async () => {
  const files = [...new Set(listed.map((r) => r.file))].map((name) => ({
    name,
    content: readFileSync(join(REPO, name), "utf8"),
    mutate: true as const,
  }));
  const { mutants } = await new Instrumenter(quiet).instrument(files, {
    plugins: null,
    excludedMutations: [],
    ignorers: [],
    noHeader: true,
  });
  for (const m of mutants) {
    const byLine = mutantsAt.get(m.fileName) ?? new Map<number, Mutant[]>();
    const line = m.location.start.line + 1;
    byLine.set(line, [...(byLine.get(line) ?? []), m]);
    mutantsAt.set(m.fileName, byLine);
  }
}, 120_000);

describe(LIST, () => {
  it("has rows to check", () => {
    expect(listed.length).toBeGreaterThan(20);
  });

  it.each(listed.map((r) => [`${r.file}:${r.lines.join(",")}`, r] as const))(
    "%s names mutants that are on its lines",
    (_, row) => {
      const source = readFileSync(join(REPO, row.file), "utf8").split("\n");
      const byLine = mutantsAt.get(row.file) ?? new Map<number, Mutant[]>();
      const here = row.lines.flatMap((l) => byLine.get(l) ?? []);
      const text = row.lines.map((l) => source[l - 1] ?? "").join("\n");
      const names = mutatorNames(row.mutators);
      expect(names.length, `no mutator named in "${row.mutators}"`).toBeGreaterThan(0);
      for (const name of names) {
        // Where that mutator does make mutants, to fix the line from.
        const elsewhere = [...byLine].filter(([, ms]) => ms.some((m) => m.mutatorName === name)).map(([l]) => l);
        expect(
          here.some((m) => m.mutatorName === name),
          `no ${name} mutant on line ${row.lines.join(", ")}; ${name} mutants start on lines ${elsewhere.join(", ")}`,
        ).toBe(true);
      }
      for (const { original, replacement } of quoted(row.mutators)) {
        if (original) expect(holds(text, original), `line ${row.lines.join(", ")} holds no \`${original}\``).toBe(true);
        expect(
          here.some((m) => holds(m.replacement, replacement)),
          `no mutant on line ${row.lines.join(", ")} is replaced with \`${replacement}\``,
        ).toBe(true);
      }
    },
  );
});

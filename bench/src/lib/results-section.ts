/**
 * A section of bench/RESULTS.md that one bench keeps between its own markers, so that a
 * bench run apart from `npm run bench` can replace its section and `npm run bench`, which
 * rewrites the file, can keep it.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runMain } from "./common";
import { REPO } from "./pulumi";
import { writeResults } from "./smoke";

/** The markers of section `name` (e.g. "B10"), and reading and writing it. */
export function resultsSection(name: string): {
  blocks(text: string): string[];
  write(section: string): void;
  /** Runs `bench` as the script's main, then writes and prints the section `text` makes of its result. */
  runMain<R>(bench: () => Promise<R>, text: (r: R) => string): void;
} {
  const begin = `<!-- ${name}: begin -->`;
  const end = `<!-- ${name}: end -->`;
  const blocks = (text: string): string[] => {
    const start = text.indexOf(begin);
    const stop = text.indexOf(end);
    return start >= 0 && stop > start ? [text.slice(start, stop + end.length)] : [];
  };
  const write = (section: string): void => writeResults(name, () => replace(section));
  const replace = (section: string): void => {
    const file = join(REPO, "bench", "RESULTS.md");
    const old = existsSync(file) ? readFileSync(file, "utf8") : "";
    const block = `${begin}\n${section}\n${end}`;
    const [existing] = blocks(old);
    writeFileSync(file, existing ? old.replace(existing, block) : `${old.trimEnd()}\n\n${block}\n`);
    console.log(`${name}: wrote its section of bench/RESULTS.md`);
  };
  const main = <R>(bench: () => Promise<R>, text: (r: R) => string): void =>
    runMain(bench, (r) => {
      const section = text(r);
      write(section);
      console.log(section);
    });
  return { blocks, write, runMain: main };
}

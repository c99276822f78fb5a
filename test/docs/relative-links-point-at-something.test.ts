/**
 * Every relative link in README.md, CONTRIBUTING.md and docs/ points at something: a file or
 * folder of the repository, and with `#anchor` a heading of that Markdown file, as GitHub
 * makes heading anchors. A page moved or a heading renamed fails here, naming the link. And
 * README.md, the front page, links every page of docs/.
 *
 * Checked: inline links and images (`[text](path)`, `[text](path#anchor)`, `[text](#anchor)`,
 * `[text](<path>)`, with an optional title) and reference definitions (`[id]: path`), outside
 * fenced code blocks and code spans. Not checked: links with a scheme (`https:`, `mailto:`).
 * The Registry pages link to `./installation-configuration`, the Registry's form of a page's
 * address, so a link without an extension may also name `<path>.md`.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(__dirname, "..", "..");

/** A link as written, where it was found. */
interface Link {
  file: string;
  line: number;
  target: string;
}

/** `text` with fenced code blocks and code spans blanked out (line breaks kept, so line numbers hold). */
function withoutCode(text: string): string {
  const lines = text.split("\n");
  let fence: string | undefined;
  const kept = lines.map((line) => {
    const opener = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
    if (fence) {
      if (opener && opener[1][0] === fence[0] && opener[1].length >= fence.length && line.trim() === opener[1])
        fence = undefined;
      return "";
    }
    if (opener) {
      fence = opener[1];
      return "";
    }
    return line;
  });
  // A code span: a run of backticks, then anything up to the same run.
  return kept.join("\n").replace(/(`+)[\s\S]*?\1/g, (span) => span.replace(/[^\n]/g, " "));
}

/** The links of a Markdown file. */
function linksOf(file: string, text: string): Link[] {
  const prose = withoutCode(text);
  const links: Link[] = [];
  const lineAt = (index: number) => prose.slice(0, index).split("\n").length;
  // [text](target "title") and ![alt](target); the text may hold one level of brackets.
  for (const m of prose.matchAll(
    /!?\[(?:[^\][]|\[[^\][]*\])*\]\(\s*(<[^>]*>|[^\s)]+)(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/g,
  )) {
    links.push({ file, line: lineAt(m.index), target: m[1].replace(/^<|>$/g, "") });
  }
  // [id]: target
  for (const m of prose.matchAll(/^ {0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)/gm)) {
    links.push({ file, line: lineAt(m.index), target: m[1].replace(/^<|>$/g, "") });
  }
  return links;
}

/** A heading's text as GitHub reads it for the anchor: no inline markup. */
function headingText(raw: string): string {
  return raw
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1") // links and images: their text
    .replace(/<[^>]+>/g, "") // inline HTML
    .replace(/`([^`]*)`/g, "$1") // code spans: their content
    .replace(/(\*\*|__|\*|_|~~)(?=\S)([\s\S]*?\S)\1/g, "$2") // emphasis
    .trim();
}

/** GitHub's anchor for a heading's text (github-slugger): lower case, punctuation dropped, spaces to dashes. */
function slug(text: string): string {
  return headingText(text)
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /g, "-");
}

/** The anchors a Markdown file offers: its headings' slugs (repeats numbered as GitHub does) and explicit ids. */
function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const prose = withoutCode(text);
  const proseLines = prose.split("\n");
  for (const [i, line] of text.split("\n").entries()) {
    // Headings inside fenced code are not headings (the blanked copy has the line empty).
    if (proseLines[i] === "" && line !== "") continue;
    const h = /^ {0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(line);
    if (!h) continue;
    const base = slug(h[1]);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  for (const m of prose.matchAll(/<a\s+(?:[^>]*\s)?(?:id|name)="([^"]+)"/g)) anchors.add(m[1]);
  return anchors;
}

/** What is wrong with a link, or undefined when it points at something. */
function problemOf(link: Link, root: string): string | undefined {
  const { target } = link;
  if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("//")) return undefined; // has a scheme
  const hash = target.indexOf("#");
  const pathPart = decodeURIComponent(hash < 0 ? target : target.slice(0, hash));
  const anchor = hash < 0 ? undefined : decodeURIComponent(target.slice(hash + 1));
  let file =
    pathPart === ""
      ? link.file
      : pathPart.startsWith("/")
        ? join(root, pathPart)
        : resolve(dirname(link.file), pathPart);
  if (!existsSync(file) && !/\.[a-z0-9]+$/i.test(file) && existsSync(`${file}.md`)) file = `${file}.md`;
  if (!existsSync(file)) return `${relative(root, file)} does not exist`;
  if (relative(root, file).startsWith("..")) return `${target} points outside the repository`;
  if (anchor === undefined) return undefined;
  if (statSync(file).isDirectory()) return `#${anchor}: ${relative(root, file)} is a folder, which has no headings`;
  if (!file.endsWith(".md")) return /^L\d+(-L\d+)?$/.test(anchor) ? undefined : `#${anchor}: not a Markdown file`;
  if (!anchorsOf(readFileSync(file, "utf8")).has(anchor)) return `#${anchor} is no heading of ${relative(root, file)}`;
  return undefined;
}

function markdownUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? markdownUnder(join(dir, e.name)) : e.name.endsWith(".md") ? [join(dir, e.name)] : [],
  );
}

/** Every broken link of `files`, as `file:line: target: problem`. */
function brokenLinks(files: string[], root: string): string[] {
  return files.flatMap((file) =>
    linksOf(file, readFileSync(file, "utf8")).flatMap((link) => {
      const problem = problemOf(link, root);
      return problem ? [`${relative(root, file)}:${link.line}: ${link.target}: ${problem}`] : [];
    }),
  );
}

describe("relative links in README.md, CONTRIBUTING.md and docs/", () => {
  const files = [join(ROOT, "README.md"), join(ROOT, "CONTRIBUTING.md"), ...markdownUnder(join(ROOT, "docs"))];

  it("point at a file that exists, and an anchor at a heading of it", () => {
    // The scan finds the links at all (a broken pattern would pass vacuously).
    const count = files.flatMap((f) => linksOf(f, readFileSync(f, "utf8"))).length;
    expect(count).toBeGreaterThan(50);
    expect(brokenLinks(files, ROOT)).toEqual([]);
  });

  it("from README.md reach every page of docs/", () => {
    const readme = join(ROOT, "README.md");
    const reached = new Set(
      linksOf(readme, readFileSync(readme, "utf8"))
        .filter((l) => !/^[a-z][a-z0-9+.-]*:/i.test(l.target))
        .map((l) => resolve(ROOT, decodeURIComponent(l.target.replace(/#.*$/, "")))),
    );
    const pages = readdirSync(join(ROOT, "docs"))
      .filter((f) => f.endsWith(".md") || f.endsWith(".json"))
      .map((f) => join(ROOT, "docs", f));
    expect(pages.length).toBeGreaterThan(5);
    expect(pages.filter((p) => !reached.has(p)).map((p) => relative(ROOT, p))).toEqual([]);
  });

  it("are told apart from broken ones (a missing file, a missing heading, a heading inside code)", () => {
    const dir = mkdtempSync(join(tmpdir(), "links-"));
    try {
      writeFileSync(
        join(dir, "page.md"),
        "# A page\n\n## `Monitor` inputs: the *first* part\n\n## Again\n\n## Again\n\n```md\n## Not a heading\n```\n",
      );
      writeFileSync(
        join(dir, "index.md"),
        [
          "[ok](page.md) [ok](page.md#monitor-inputs-the-first-part) [ok](page.md#again-1) [ok](./page)",
          "[ok](#here) [ok](https://example.com/nowhere) `[not a link](nowhere.md)`",
          "## Here",
          "[gone](missing.md) [no heading](page.md#nowhere) [in code](page.md#not-a-heading)",
          "[ref]: page.md#again-2",
        ].join("\n"),
      );
      expect(brokenLinks([join(dir, "index.md")], dir)).toEqual([
        "index.md:4: missing.md: missing.md does not exist",
        "index.md:4: page.md#nowhere: #nowhere is no heading of page.md",
        "index.md:4: page.md#not-a-heading: #not-a-heading is no heading of page.md",
        "index.md:5: page.md#again-2: #again-2 is no heading of page.md",
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

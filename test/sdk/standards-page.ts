/** The programs of docs/standards-for-a-team.md, for the tests that compile them against the SDKs. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { REPO } from "../e2e/harness";

/** The fenced programs of the page's `## Defaults` section, by fence tag. */
export function defaultsPrograms(): Record<string, string> {
  const page = readFileSync(join(REPO, "docs", "standards-for-a-team.md"), "utf8");
  const start = page.indexOf("\n## Defaults\n");
  if (start < 0) throw new Error("docs/standards-for-a-team.md has no `## Defaults` section");
  const end = page.indexOf("\n## ", start + 1);
  const section = page.slice(start, end < 0 ? undefined : end);
  return Object.fromEntries([...section.matchAll(/^```(\w+)\n([\s\S]*?)^```$/gm)].map((m) => [m[1], m[2]]));
}

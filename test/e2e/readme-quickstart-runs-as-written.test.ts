/**
 * The README's Quickstart, run as written under the real engine: its `pulumi config set`
 * commands and its `index.ts`, taken from the fenced blocks under `## Quickstart`, in a
 * project shaped like the one `pulumi new typescript` makes (the engine type-checks and
 * runs index.ts itself, as it does for a user). Only the service URL and the key are
 * swapped for the local server's; every other value is the README's. `up`, then
 * `preview --expect-no-changes`, then `destroy` leaves the server empty.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { E2EStack, REPO, leaks, ok, summary } from "./harness";
import { startE2EServer } from "./api";
import { typescriptProject } from "./typescript-project";

/** One `pulumi config set [--secret] <key> <value>` of the Quickstart. */
interface ConfigCommand {
  key: string;
  value: string;
  secret: boolean;
}

/**
 * The Quickstart's config commands (its `sh` blocks) and program (its one `ts` block).
 * A shell line that is not a `pulumi config set` fails: this test could not run it, so
 * it would not be running the Quickstart as written.
 */
function quickstart(readme: string): { commands: ConfigCommand[]; program: string } {
  const start = readme.indexOf("\n## Quickstart\n");
  if (start < 0) throw new Error("README.md has no `## Quickstart` section");
  const end = readme.indexOf("\n## ", start + 1);
  const section = readme.slice(start, end < 0 ? undefined : end);
  const blocks = [...section.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].map((m) => ({ lang: m[1], body: m[2] }));
  const programs = blocks.filter((b) => b.lang === "ts");
  if (programs.length !== 1)
    throw new Error(`the Quickstart should have one \`ts\` block (index.ts), has ${programs.length}`);
  const commands = blocks
    .filter((b) => b.lang === "sh")
    .flatMap((b) => b.body.split("\n"))
    .map((line) => line.replace(/\s+#.*$/, "").trim())
    .filter((line) => line !== "" && !line.startsWith("#"))
    .map((line) => {
      const m = /^pulumi config set (--secret )?(\S+) (.+)$/.exec(line);
      if (!m) throw new Error(`the Quickstart runs a command this test does not: ${line}`);
      return { secret: !!m[1], key: m[2], value: m[3] };
    });
  return { commands, program: programs[0].body };
}

describe("the README's Quickstart", () => {
  const { commands, program } = quickstart(readFileSync(join(REPO, "README.md"), "utf8"));

  it("sets the service's URL and key, secretly", () => {
    expect(commands.find((c) => c.key === "uptime:baseUrl")).toBeDefined();
    expect(commands.find((c) => c.key === "uptime:apiKey")).toMatchObject({ secret: true });
  });

  it("runs as written: up, preview with no changes, destroy", async () => {
    const srv = await startE2EServer();
    let stack: E2EStack | undefined;
    try {
      // Inside the repo's .work dir, so `pulumi-uptime` resolves as an installed package would.
      stack = await E2EStack.create({
        project: "readme-quickstart",
        files: typescriptProject("readme-quickstart", "The README's Quickstart", program),
      });
      const served: Record<string, string> = { "uptime:baseUrl": srv.url, "uptime:apiKey": srv.apiKey };
      for (const c of commands) await stack.setConfig(c.key, served[c.key] ?? c.value, c.secret);

      const up = ok(await stack.up());
      expect(summary(up.output)).toMatchObject({ create: 3 }); // the stack, the monitor, the incident
      const monitors = await srv.api.monitors();
      expect(monitors).toHaveLength(1);
      expect(await srv.api.incidents()).toEqual([expect.objectContaining({ monitor_id: monitors[0].id })]);
      expect(await stack.outputs()).toEqual({ apiMonitorId: monitors[0].id });

      const writes = srv.server.writeCount();
      ok(await stack.preview(["--expect-no-changes"]));
      expect(srv.server.writeCount() - writes).toBe(0);

      ok(await stack.destroy());
      expect(await srv.api.monitors()).toEqual([]);
      expect(await srv.api.incidents()).toEqual([]);
      // The README's secrets (and the key) stay out of the engine's output and the state.
      const secrets = [srv.apiKey, ...commands.filter((c) => c.secret && !(c.key in served)).map((c) => c.value)];
      expect(leaks(stack.allOutput(), secrets)).toEqual([]);
      for (const f of stack.backendFiles()) expect(leaks(f.text, secrets), f.path).toEqual([]);
    } finally {
      stack?.dispose();
      await srv.close();
    }
  });
});

/**
 * `pulumi-uptime --help` lists every subcommand the command dispatches: each file of src/cli
 * that exports a `run…` entry is a subcommand, and each must be named in the help and answer
 * its own `--help` with exit 0 through the top-level dispatch.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, expect, it, vi } from "vitest";
// The built command: it loads each subcommand with require() when it runs, as users run it.
import { main } from "../../dist/cli/main";

const CLI = join(__dirname, "..", "..", "src", "cli");
const SUBCOMMANDS = readdirSync(CLI)
  .filter(
    (f) =>
      f.endsWith(".ts") &&
      /export async function run[A-Z]\w*\(argv: string\[\], io/.test(readFileSync(join(CLI, f), "utf8")),
  )
  .map((f) => f.replace(/\.ts$/, ""));

afterEach(() => vi.restoreAllMocks());

async function printed(argv: string[]): Promise<{ code: number; out: string }> {
  let out = "";
  vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
    out += String(chunk);
    return true;
  });
  const code = await main(argv);
  vi.restoreAllMocks();
  return { code, out };
}

it("finds the subcommands it checks", () => {
  expect(SUBCOMMANDS).toEqual(expect.arrayContaining(["export", "test", "verify", "audit", "migrate", "maintenance"]));
});

it.each(SUBCOMMANDS)("names %s in the top-level help, which dispatches its --help", async (name) => {
  const { code, out } = await printed(["--help"]);
  expect(code).toBe(0);
  expect(out).toMatch(new RegExp(`^  ${name} `, "m"));
  const own = await printed([name, "--help"]);
  expect(own.code).toBe(0);
  expect(own.out).toContain(`pulumi-uptime ${name}`);
});

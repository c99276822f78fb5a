/**
 * `pulumi-uptime test --json | head`: the reader closes the pipe after its first bytes. The
 * command drops the rest of its output without a word on stderr (it used to crash on the
 * pipe's EPIPE, printing Node's unhandled-error trace) and ends with its own exit code.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { closedPort } from "../support/closed-port";
import { pulumiUptimeBin } from "../support/repo-root";

const dir = mkdtempSync(join(tmpdir(), "closed-pipe-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it("drops the output a closed pipe cannot take, prints nothing else and exits with the command's code", async () => {
  const port = await closedPort();
  // 1,500 refused checks: a report of some 200 kB, more than a pipe holds before its reader reads.
  const lines = ["monitors:"];
  for (let i = 0; i < 1500; i++)
    lines.push(
      `  m${i}:`,
      `    name: monitor ${i}`,
      `    url: http://127.0.0.1:${port}/health/${i}`,
      "    interval: 60",
    );
  const file = join(dir, "monitors.yaml");
  writeFileSync(file, `${lines.join("\n")}\n`);

  const child = spawn(process.execPath, [pulumiUptimeBin(), "test", "--file", file, "--json", "--concurrency", "100"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (b: Buffer) => (stderr += b.toString()));
  const first = await new Promise<string>((resolve) => child.stdout.once("data", (b: Buffer) => resolve(b.toString())));
  child.stdout.destroy(); // the reader stops, as `head` does
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));

  expect(first).toMatch(/^\{\s*"results": \[/);
  expect(stderr).toBe("");
  // Every check was refused: the command's own verdict, 1, not a crash's.
  expect(code).toBe(1);
});

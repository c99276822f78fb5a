/**
 * Headless Chromium for tests that look at a page as a person would: Debian's package
 * (scripts/ensure-chromium.sh installs it on a machine that lacks it), driven by
 * playwright-core, with a fresh profile and no background networking (the machine has
 * no network beyond loopback). Screenshots go to test/.output/ (git-ignored).
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { chromium, type BrowserContext } from "playwright-core";

const ROOT = resolve(__dirname, "..", "..");
/** Where tests put what a person would want to look at afterwards. */
export const TEST_OUTPUT = join(ROOT, "test", ".output");

/** The flags a headless Chromium needs on these machines. */
const FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Path of Chromium, installing Debian's package first when it is missing (can take a minute, once). */
export function ensureChromium(): string {
  return execFileSync("bash", [join(ROOT, "scripts", "ensure-chromium.sh")], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
    timeout: 900_000,
  }).trim();
}

/** A browser with its own fresh profile; `httpCredentials` answer Basic-auth prompts as a person would. */
export async function openBrowser(
  options: { httpCredentials?: { username: string; password: string } } = {},
): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const executablePath = ensureChromium();
  const profile = mkdtempSync(join(tmpdir(), "uptime-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    headless: true,
    args: FLAGS,
    viewport: { width: 1200, height: 900 },
    ...(options.httpCredentials ? { httpCredentials: options.httpCredentials } : {}),
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** A file path under test/.output for `name`, its folder created. */
export function outputFile(name: string): string {
  mkdirSync(TEST_OUTPUT, { recursive: true });
  return join(TEST_OUTPUT, name);
}

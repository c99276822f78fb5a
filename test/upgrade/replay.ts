/**
 * Replaying a recorded baseline (test/upgrade/<version>/<program>/) with the current build:
 * a local server with the account key the recording used and the same monitors and
 * incidents (same ids), and a fresh stack of the same name holding the recorded state, with
 * only what must change rewritten: the server's URL (its port differs on every run).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { E2EStack, ok, type StackExport } from "../e2e/harness";
import { compileExample } from "../e2e/examples";
import { RawApi } from "../e2e/api";
import { startTestServer, type UptimeServer } from "../support/server";
import type { UpgradeProgram } from "./programs";
import { BASELINE_DIR } from "./baseline";

/** What the recorder wrote beside a state. */
interface Recorded {
  version: string;
  baseUrl: string;
  stack: string;
}

/**
 * The recorded state with the server URL of the recording replaced by `baseUrl` (in provider
 * inputs/outputs and the dynamic providers' captured config). Nothing else is touched.
 */
export function rewriteRecordedState(text: string, recordedBaseUrl: string, baseUrl: string): string {
  return text.split(recordedBaseUrl).join(baseUrl);
}

/** A recorded program's stack, imported and pointed at a server holding its monitors. */
export interface Replay {
  stack: E2EStack;
  server: UptimeServer;
  api: RawApi;
  /** The recorded state, parsed. */
  recorded: StackExport;
  close(): Promise<void>;
}

/** Imports `text` as the stack's state (`pulumi stack import --file`). */
async function importState(stack: E2EStack, text: string): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "pulumi-uptime-upgrade-"));
  try {
    writeFileSync(join(dir, "state.json"), text);
    ok(
      await stack.run([
        "stack",
        "import",
        "--file",
        join(dir, "state.json"),
        "--stack",
        stack.stack,
        "--non-interactive",
      ]),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The account key the recording used: read from the recorded state once imported (decrypted by the fixed passphrase). */
async function recordedApiKey(stack: E2EStack): Promise<string> {
  const r = ok(await stack.run(["stack", "export", "--show-secrets", "--stack", stack.stack, "--non-interactive"]));
  const key = /e2e-apikey-[0-9a-f]{24}/.exec(r.stdout)?.[0];
  if (!key) throw new Error("the recorded state holds no e2e API key (was it recorded by `npm run upgrade:record`?)");
  return key;
}

/**
 * Sets up the replay of `program`'s baseline: imports the recorded state into a stack of the
 * recorded name, starts a server accepting the recorded key, seeds it by running the program
 * once on a scratch stack (the same creates in the same order, so the same ids), rewrites the
 * URL and imports again, and configures the stack for the new server.
 */
export async function replayBaseline(program: UpgradeProgram): Promise<Replay> {
  const dir = join(BASELINE_DIR, program.name);
  const rec = JSON.parse(readFileSync(join(dir, "recorded.json"), "utf8")) as Recorded;
  const text = readFileSync(join(dir, "state.json"), "utf8");
  await compileExample(program.dir);
  const stack = await E2EStack.create({
    project: program.dir,
    inPlace: true,
    stack: rec.stack,
    config: program.config,
    env: program.env,
  });
  let server: UptimeServer | undefined;
  try {
    await importState(stack, text);
    const apiKey = await recordedApiKey(stack);
    server = await startTestServer({ accounts: [{ apiKey, name: "e2e" }] });
    const seed = await E2EStack.create({
      project: program.dir,
      inPlace: true,
      server: { url: server.url, apiKey },
      config: program.config,
      env: program.env,
    });
    try {
      ok(await seed.up());
    } finally {
      seed.dispose();
    }
    await importState(stack, rewriteRecordedState(text, rec.baseUrl, server.url));
    await stack.setConfig("uptime:baseUrl", server.url);
    await stack.setConfig("uptime:apiKey", apiKey, true);
    const s = server;
    return {
      stack,
      server: s,
      api: new RawApi(s.url, apiKey),
      recorded: JSON.parse(text) as StackExport,
      close: async () => {
        stack.dispose();
        await s.close();
      },
    };
  } catch (err) {
    stack.dispose();
    await server?.close();
    throw err;
  }
}

/** The steps of `pulumi preview --json` other than "same", as "op urn". */
export function changedSteps(previewJson: string): string[] {
  const parsed = JSON.parse(previewJson) as { steps?: { op: string; urn: string }[] };
  return (parsed.steps ?? []).filter((s) => s.op !== "same").map((s) => `${s.op} ${s.urn}`);
}

/**
 * The monitors a Pulumi program declares, as the engine's preview plans them, secrets in
 * plain text. The plan holds the planned state of every resource with secrets shown, so it
 * never goes to a file: the engine writes it into a named pipe (in a directory only this
 * user can enter) that `cat` empties into this process's memory. (`preview --json` shows
 * secrets as "[secret]" even with --show-secrets, and a check needs the header values and
 * the password.)
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { notFound, pulumiArgs, StackError, type StackTarget } from "./pulumi-command";
import { MONITOR_TYPES } from "./state-resource";

/** A monitor of the plan: its URN and planned state (inputs as the provider's check left them). */
interface PlannedMonitor {
  urn: string;
  /** Secret values in their envelopes (open-secrets.ts); the engine's unknown where a value waits for deploy. */
  state: Record<string, unknown>;
}

interface ResourcePlan {
  goal?: { type?: string };
  steps?: string[];
  state?: Record<string, unknown>;
}

/** Runs `pulumi preview --save-plan <fifo> --show-secrets` on `target` and returns the plan's text. */
async function previewPlan(target: StackTarget): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), "pulumi-uptime-plan-"));
  const fifo = join(dir, "plan.json");
  try {
    try {
      execFileSync("mkfifo", ["-m", "600", fifo], { stdio: "ignore" });
    } catch {
      const reason = "reading a preview's plan needs the mkfifo command (so that the plan never is a file)";
      throw new StackError(reason, reason);
    }
    const reader = spawn("cat", [fifo], { stdio: ["ignore", "pipe", "ignore"] });
    const plan: Buffer[] = [];
    reader.stdout.on("data", (d: Buffer) => plan.push(d));
    const read = new Promise<void>((resolve) => reader.on("close", () => resolve()));
    const args = ["preview", "--save-plan", fifo, "--show-secrets", "--suppress-progress"];
    const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve, reject) => {
      const child = spawn(target.bin ?? "pulumi", pulumiArgs(target, args), {
        cwd: target.cwd,
        env: target.env,
        stdio: ["ignore", "pipe", "pipe"],
      });
      let text = "";
      child.stdout.on("data", (d: Buffer) => (text += d.toString()));
      child.stderr.on("data", (d: Buffer) => (text += d.toString()));
      child.on("error", (err: NodeJS.ErrnoException) => {
        const reason = err.code === "ENOENT" ? notFound(target) : err.message;
        reject(new StackError(reason, reason));
      });
      child.on("close", (c) => resolve({ code: c, output: text }));
    }).catch((err: unknown) => {
      reader.kill();
      throw err;
    });
    // A failed preview writes no plan: `cat` still waits for a writer.
    if (code !== 0) reader.kill();
    await read;
    if (code === 0) return Buffer.concat(plan).toString("utf8");
    // The engine's output names what failed; it holds no secret value (the plan does, and is dropped).
    const errors = output
      .split("\n")
      .filter((l) => /error:/i.test(l))
      .map((l) => l.trim());
    const reason = errors.join("\n") || output.trim().split("\n").slice(-3).join("\n");
    throw new StackError(`pulumi preview failed: ${reason}`, reason);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The monitors the program in `target.cwd` declares, as `pulumi preview` plans them: every
 * monitor the plan does not delete, with its planned state. Keep the result in memory only.
 * @throws StackError when the preview fails (its errors named) or cannot run.
 */
export async function plannedMonitors(target: StackTarget): Promise<PlannedMonitor[]> {
  const plan = JSON.parse(await previewPlan(target)) as { resourcePlans?: Record<string, ResourcePlan> };
  return Object.entries(plan.resourcePlans ?? {})
    .filter(([, r]) => MONITOR_TYPES.has(r.goal?.type ?? "") && r.state)
    .filter(([, r]) => !(r.steps ?? []).every((s) => s === "delete" || s === "discard" || s === "delete-replaced"))
    .map(([urn, r]) => ({ urn, state: r.state! }));
}

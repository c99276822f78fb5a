/**
 * The monitors of a Pulumi stack, through the `pulumi` CLI on PATH (it knows the backend,
 * the secrets provider and the passphrase): as the program declares them, from
 * the plan of `pulumi preview --show-secrets`, or as the last update left them, from
 * `pulumi stack export --show-secrets`. Either output is read into memory and never
 * written anywhere; every value that was secret is listed with its monitor so that it is
 * never printed.
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DeclaredMonitor } from "../checks";
import { pulumi, pulumiArgs, SourceError, type StackTarget } from "../export/stack";
import { secretArgs } from "./test-sources";
import { SECRET_SIG, SIG_KEY } from "../runtime/secret-envelope";
import { typesOf } from "../schemas/type-tokens";
import { urnName } from "../util/urn";

/** Resource types of a monitor: the provider plugin's, and the dynamic provider's. */
export const MONITOR_TYPES = new Set(typesOf("Monitor"));

/** The engine's stand-in for a value unknown until deploy (a preview shows it in its JSON). */
export const UNKNOWN_VALUE = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

/**
 * A property value with secret envelopes opened: `secrets` collects every string that was
 * inside one, `unknown` is set when the value holds the engine's unknown.
 */
export function open(value: unknown, secrets: string[], inSecret = false): { value: unknown; unknown: boolean } {
  let unknown = false;
  const walk = (v: unknown, secret: boolean): unknown => {
    if (typeof v === "string") {
      if (v === UNKNOWN_VALUE) unknown = true;
      if (secret) secrets.push(v);
      return v;
    }
    if (Array.isArray(v)) return v.map((x) => walk(x, secret));
    if (v && typeof v === "object") {
      const o = v as Record<string, unknown>;
      if (o[SIG_KEY] === SECRET_SIG) {
        const inner =
          "plaintext" in o && typeof o.plaintext === "string" ? (JSON.parse(o.plaintext) as unknown) : o.value;
        return walk(inner, true);
      }
      return Object.fromEntries(Object.entries(o).map(([k, x]) => [k, walk(x, secret)]));
    }
    return v;
  };
  return { value: walk(value, inSecret), unknown };
}

/** A monitor from a resource's inputs (as the provider's check left them). */
function monitorOf(urn: string, inputs: Record<string, unknown>, maskedSecrets: boolean): DeclaredMonitor {
  const secrets: string[] = [];
  const args: Record<string, unknown> = {};
  const unknown: Record<string, string> = {};
  for (const [k, v] of Object.entries(inputs)) {
    if (k.startsWith("__")) continue;
    const o = open(v, secrets);
    if (o.unknown) unknown[k] = "unknown until deploy";
    else if (maskedSecrets && o.value === "[secret]") unknown[k] = "secret, and the engine did not show it";
    else args[k] = o.value;
  }
  return {
    resourceName: urnName(urn),
    args,
    unknown,
    secrets: [...secrets, ...secretArgs(args)],
  };
}

interface ResourcePlan {
  goal?: { type?: string };
  steps?: string[];
  state?: Record<string, unknown>;
}

/**
 * Runs `pulumi preview --save-plan <fifo> --show-secrets` and returns the plan. The plan
 * holds the planned state of every resource with secrets in plain text, so it never goes
 * to a file: the engine writes it into a named pipe (in a directory only this user can
 * enter) that `cat` empties into this process's memory. (`preview --json` shows secrets as
 * "[secret]" even with --show-secrets, and a check needs the header values and password.)
 */
async function previewPlan(target: StackTarget): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), "pulumi-uptime-plan-"));
  const fifo = join(dir, "plan.json");
  try {
    try {
      execFileSync("mkfifo", ["-m", "600", fifo], { stdio: "ignore" });
    } catch {
      throw new SourceError("--stack needs the mkfifo command (to read the preview's plan without a file)");
    }
    const reader = spawn("cat", [fifo], { stdio: ["ignore", "pipe", "ignore"] });
    const plan: Buffer[] = [];
    reader.stdout.on("data", (d: Buffer) => plan.push(d));
    const read = new Promise<void>((resolve) => reader.on("close", () => resolve()));
    const args = ["preview", "--save-plan", fifo, "--show-secrets", "--suppress-progress", "--color", "never"];
    const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve, reject) => {
      const child = spawn("pulumi", pulumiArgs(target, args), {
        cwd: target.cwd,
        env: target.env,
        stdio: ["ignore", "pipe", "pipe"],
      });
      let text = "";
      child.stdout.on("data", (d: Buffer) => (text += d.toString()));
      child.stderr.on("data", (d: Buffer) => (text += d.toString()));
      child.on("error", (err: NodeJS.ErrnoException) =>
        reject(new SourceError(err.code === "ENOENT" ? "the pulumi CLI is not on PATH" : err.message)),
      );
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
    throw new SourceError(
      `pulumi preview failed: ${errors.join("\n") || output.trim().split("\n").slice(-3).join("\n")}`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The monitors the program declares, as `pulumi preview` sees them: the planned state of
 * every monitor the plan does not delete. A field whose value is unknown until deploy (an
 * output of another resource) is known as such, and a check that needs it is skipped.
 */
export async function monitorsOfPreview(target: StackTarget): Promise<DeclaredMonitor[]> {
  const plan = JSON.parse(await previewPlan(target)) as { resourcePlans?: Record<string, ResourcePlan> };
  return Object.entries(plan.resourcePlans ?? {})
    .filter(([, r]) => MONITOR_TYPES.has(r.goal?.type ?? "") && r.state)
    .filter(([, r]) => !(r.steps ?? []).every((s) => s === "delete" || s === "discard" || s === "delete-replaced"))
    .map(([urn, r]) => monitorOf(urn, r.state!, false));
}

export interface StateResource {
  urn: string;
  type: string;
  id?: string;
  /** The provider that manages it: `<provider URN>::<provider id>`. */
  provider?: string;
  /** When the engine last changed the resource's state (RFC 3339). */
  modified?: string;
  inputs?: Record<string, unknown>;
  outputs?: Record<string, unknown>;
  delete?: boolean;
}

/** Every resource in the stack's state (the last update's), secrets in plain text: keep it in memory only. */
export async function stateResources(target: StackTarget): Promise<StateResource[]> {
  const text = await pulumi(target, ["stack", "export", "--show-secrets"]);
  return (JSON.parse(text) as { deployment?: { resources?: StateResource[] } }).deployment?.resources ?? [];
}

/** The monitors among `resources`, without those pending deletion. */
export function monitorResources(resources: readonly StateResource[]): StateResource[] {
  return resources.filter((r) => MONITOR_TYPES.has(r.type) && !r.delete);
}

/** The stack's monitor resources in its state (the last update's), with their outputs. */
export async function stateMonitors(target: StackTarget): Promise<StateResource[]> {
  return monitorResources(await stateResources(target));
}

/** The monitors in the stack's state, as the last update declared them. */
export async function monitorsOfState(target: StackTarget): Promise<DeclaredMonitor[]> {
  return (await stateMonitors(target)).map((r) => monitorOf(r.urn, r.inputs ?? {}, false));
}

/** The stack's last update (`pulumi stack history`): when it started, or undefined before any. */
export async function lastUpdate(target: StackTarget): Promise<{ startMs: number } | undefined> {
  const text = await pulumi(target, ["stack", "history", "--json"]);
  const history = (JSON.parse(text || "[]") as { kind?: string; startTime?: string | number }[]) ?? [];
  const update = history.find((h) => h.kind === "update");
  if (!update || update.startTime === undefined) return undefined;
  const start = typeof update.startTime === "number" ? update.startTime * 1000 : Date.parse(update.startTime);
  return Number.isFinite(start) ? { startMs: start } : undefined;
}

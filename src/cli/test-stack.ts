/**
 * The monitors of a Pulumi stack, through the `pulumi` CLI on PATH (it knows the backend,
 * the secrets provider and the passphrase): as the program declares them, from
 * `pulumi preview --json --show-secrets`, or as the last update left them, from
 * `pulumi stack export --show-secrets`. Either output is read into memory and never
 * written anywhere; every value that was secret is listed with its monitor so that it is
 * never printed.
 */
import { execFile } from "node:child_process";
import type { DeclaredMonitor } from "../checks";
import type { StackTarget } from "../export/stack";
import { secretArgs, type StackConfig } from "./test-sources";

/** A stack, or the pulumi CLI, that cannot be read: a usage error of the command. */
export class SourceError extends Error {}

/** Resource types of a monitor: the provider plugin's, and the dynamic provider's. */
export const MONITOR_TYPES = new Set(["uptime:index:Monitor", "pulumi-nodejs:dynamic/uptime:Monitor"]);

const SECRET_SIG = "4dabf18193072939515e22adb298388d";
/** The engine's stand-in for a value unknown until deploy (a preview shows it in its JSON). */
export const UNKNOWN_VALUE = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

function pulumi(target: StackTarget, args: string[]): Promise<string> {
  const full = [...args, ...(target.stack ? ["--stack", target.stack] : []), "--non-interactive"];
  return new Promise((resolve, reject) => {
    const child = execFile(
      "pulumi",
      full,
      { cwd: target.cwd, env: target.env, maxBuffer: 512 * 1024 * 1024 },
      (err, stdout, stderr) => {
        if (!err) return resolve(stdout);
        // A preview's JSON carries its diagnostics; stderr may too. Neither holds a secret value.
        let detail = stderr.trim();
        try {
          const diags = (JSON.parse(stdout) as { diagnostics?: { message?: string; severity?: string }[] }).diagnostics;
          const errors = (diags ?? []).filter((d) => d.severity === "error").map((d) => d.message?.trim());
          if (errors.length) detail = errors.join("\n");
        } catch {
          // not JSON
        }
        const missing = (err as NodeJS.ErrnoException).code === "ENOENT";
        reject(
          new SourceError(
            missing
              ? "the pulumi CLI is not on PATH"
              : `pulumi ${args.slice(0, 2).join(" ")} failed: ${detail || err.message.split("\n")[0]}`,
          ),
        );
      },
    );
    child.stdin?.end();
  });
}

/** The stack's config, decrypted, keyed `namespace:key`. */
export async function readStackConfig(target: StackTarget): Promise<StackConfig> {
  const json = JSON.parse(await pulumi(target, ["config", "--show-secrets", "--json"])) as Record<
    string,
    { value?: unknown }
  >;
  const out: StackConfig = new Map();
  for (const [k, v] of Object.entries(json)) {
    if (typeof v?.value === "string") out.set(k, v.value);
  }
  return out;
}

/**
 * A property value with secret envelopes opened: `secrets` collects every string that was
 * inside one, `unknown` is set when the value holds the engine's unknown.
 */
function open(value: unknown, secrets: string[], inSecret = false): { value: unknown; unknown: boolean } {
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
      if (o[SECRET_SIG] === "1b47061264138c4ac30d75fd1eb44270") {
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
    resourceName: urn.slice(urn.lastIndexOf("::") + 2),
    args,
    unknown,
    secrets: [...secrets, ...secretArgs(args)],
  };
}

interface PreviewStep {
  op?: string;
  urn?: string;
  newState?: { type?: string; inputs?: Record<string, unknown> };
}

/**
 * The monitors the program declares, as `pulumi preview` sees them: the new state of
 * every monitor step that is not a delete. A field whose value is unknown until deploy
 * (an output of another resource) is known as such, and a check that needs it is skipped.
 */
export async function monitorsOfPreview(target: StackTarget): Promise<DeclaredMonitor[]> {
  const text = await pulumi(target, ["preview", "--json", "--show-secrets"]);
  const steps = (JSON.parse(text) as { steps?: PreviewStep[] }).steps ?? [];
  return steps
    .filter((s) => s.newState && MONITOR_TYPES.has(s.newState.type ?? "") && s.op !== "delete" && s.op !== "discard")
    .map((s) => monitorOf(s.urn ?? "", s.newState!.inputs ?? {}, true));
}

interface StateResource {
  urn: string;
  type: string;
  inputs?: Record<string, unknown>;
  outputs?: Record<string, unknown>;
  delete?: boolean;
}

/** The stack's monitor resources in its state (the last update's), with their outputs. */
export async function stateMonitors(target: StackTarget): Promise<StateResource[]> {
  const text = await pulumi(target, ["stack", "export", "--show-secrets"]);
  const resources = (JSON.parse(text) as { deployment?: { resources?: StateResource[] } }).deployment?.resources ?? [];
  return resources.filter((r) => MONITOR_TYPES.has(r.type) && !r.delete);
}

/** The monitors in the stack's state, as the last update declared them. */
export async function monitorsOfState(target: StackTarget): Promise<DeclaredMonitor[]> {
  return (await stateMonitors(target)).map((r) => monitorOf(r.urn, r.inputs ?? {}, false));
}

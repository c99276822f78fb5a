/**
 * The subcommands' use of the Pulumi stack they run beside: running the `pulumi` CLI on it,
 * reading the stack's config (export's `uptime:*` settings, test's `${config:key}` values,
 * verify's connection), and storing secret values in the stack's config, encrypted. All go
 * through the `pulumi` CLI, which knows the backend, the secrets provider and the passphrase.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { languageOfRuntime, type SecretLanguage } from "./import-secrets";
import { runPulumi } from "../stack/run-pulumi";

/** Where and how to run `pulumi`. */
export interface StackTarget {
  /** The project directory (holding Pulumi.yaml). */
  cwd: string;
  /** The environment of the command (PATH, PULUMI_*). */
  env: NodeJS.ProcessEnv;
  /** `--stack`, when not the selected one. */
  stack?: string;
}

/** A stack, or the pulumi CLI, that cannot be read: a usage error of the command. */
export class SourceError extends Error {}

/** `args` of a pulumi command on `target`: with its `--stack`, and never a prompt. */
export function pulumiArgs(target: StackTarget, args: string[]): string[] {
  return [...args, ...(target.stack ? ["--stack", target.stack] : []), "--non-interactive"];
}

/** Runs `pulumi args` on `target` (`input` on stdin) and returns its stdout; a failure is a SourceError. */
export async function pulumi(target: StackTarget, args: string[], input?: string): Promise<string> {
  const run = await runPulumi("pulumi", pulumiArgs(target, args), { cwd: target.cwd, env: target.env, input });
  if (!run.failure) return run.stdout;
  // A preview's JSON carries its diagnostics; stderr may too. Neither holds a secret value.
  let detail = run.stderr.trim();
  try {
    const diags = (JSON.parse(run.stdout) as { diagnostics?: { message?: string; severity?: string }[] }).diagnostics;
    const errors = (diags ?? []).filter((d) => d.severity === "error").map((d) => d.message?.trim());
    if (errors.length) detail = errors.join("\n");
  } catch {
    // not JSON
  }
  if (run.failure.code === "ENOENT") throw new SourceError("the pulumi CLI is not on PATH");
  throw new SourceError(`pulumi ${args.slice(0, 2).join(" ")} failed: ${detail || run.failure.message.split("\n")[0]}`);
}

/** The stack's config, decrypted, keyed `namespace:key`. */
export async function readStackConfig(target: StackTarget): Promise<Map<string, string>> {
  const json = JSON.parse(await pulumi(target, ["config", "--show-secrets", "--json"])) as Record<
    string,
    { value?: unknown }
  >;
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(json)) {
    if (typeof v?.value === "string") out.set(k, v.value);
  }
  return out;
}

/** The language of the Pulumi project in `cwd` (its `runtime`), when it is one the export writes lines for. */
export function projectLanguage(cwd: string): SecretLanguage | undefined {
  const file = ["Pulumi.yaml", "Pulumi.yml"].map((f) => join(cwd, f)).find((f) => existsSync(f));
  if (!file) return undefined;
  try {
    const runtime = (parse(readFileSync(file, "utf8")) as { runtime?: string | { name?: string } } | null)?.runtime;
    return languageOfRuntime(typeof runtime === "string" ? runtime : runtime?.name);
  } catch {
    return undefined; // not ours to judge: `pulumi import` names a broken project file
  }
}

/** True when `cwd` is a Pulumi project directory. */
export function isProjectDir(cwd: string): boolean {
  return existsSync(join(cwd, "Pulumi.yaml")) || existsSync(join(cwd, "Pulumi.yml"));
}

/** The stack's `uptime:baseUrl`, `uptime:apiKey` and `uptime:timeZone` (decrypted), those it has. */
/** The settings of the stack's `uptime:*` config the command line uses. */
export interface StackSettings {
  baseUrl?: string;
  apiKey?: string;
  timeZone?: string;
  proxyUrl?: string;
  caCertificates?: string;
}

export async function readStackSettings(target: StackTarget): Promise<StackSettings> {
  const config = await readStackConfig(target);
  const get = (key: string) => config.get(`uptime:${key}`) || undefined;
  return {
    baseUrl: get("baseUrl"),
    apiKey: get("apiKey"),
    timeZone: get("timeZone"),
    proxyUrl: get("proxyUrl"),
    caCertificates: get("caCertificates"),
  };
}

/** Stores `value` as secret config `key` of the stack (passed on stdin, never on a command line). */
export async function setStackSecret(target: StackTarget, key: string, value: string): Promise<void> {
  await pulumi(target, ["config", "set", "--secret", key], value);
}

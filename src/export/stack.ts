/**
 * The export's use of the Pulumi stack it runs beside: reading the stack's `uptime:*`
 * settings, and storing secret values in the stack's config, encrypted. Both go through the
 * `pulumi` CLI, which knows the backend, the secrets provider and the passphrase.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";

/** Where and how to run `pulumi`. */
export interface StackTarget {
  /** The project directory (holding Pulumi.yaml). */
  cwd: string;
  /** The environment of the command (PATH, PULUMI_*). */
  env: NodeJS.ProcessEnv;
  /** `--stack`, when not the selected one. */
  stack?: string;
}

function pulumi(target: StackTarget, args: string[], input?: string): Promise<string> {
  const full = [...args, ...(target.stack ? ["--stack", target.stack] : []), "--non-interactive"];
  return new Promise((resolve, reject) => {
    const child = execFile(
      "pulumi",
      full,
      { cwd: target.cwd, env: target.env, maxBuffer: 16 * 1024 * 1024 },
      (err, stdout, stderr) => {
        if (err) reject(new Error(`pulumi ${args.slice(0, 2).join(" ")} failed: ${(stderr || err.message).trim()}`));
        else resolve(stdout);
      },
    );
    child.stdin?.end(input ?? "");
  });
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
  const json = JSON.parse(await pulumi(target, ["config", "--show-secrets", "--json"])) as Record<
    string,
    { value?: string }
  >;
  const get = (key: string) => json[`uptime:${key}`]?.value || undefined;
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

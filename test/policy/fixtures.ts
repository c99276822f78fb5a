/** Shared setup of the pack's tests: its modules as the pack loads them, and the pack as a process. */
import { spawn, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import { join } from "node:path";

export const POLICY_DIR = join(__dirname, "..", "..", "policy");

/** `require` as seen from the pack's package: the SDK's own module instances. */
export const policyRequire = createRequire(join(POLICY_DIR, "package.json"));

export interface ServingPack {
  port: number;
  stop(): void;
}

/**
 * Starts the built pack (policy/dist) with Pulumi's own entry, as `pulumi-analyzer-policy`
 * would, and waits until it serves (it prints its port). `env` is added to this process's.
 */
export async function servePack(env: Record<string, string> = {}): Promise<ServingPack> {
  const entry = policyRequire.resolve("@pulumi/pulumi/cmd/run-policy-pack");
  const child: ChildProcess = spawn(process.execPath, [entry, "127.0.0.1:1", "."], {
    cwd: POLICY_DIR,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (b: Buffer) => (stderr += b.toString()));
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.once("data", (b: Buffer) => resolve(Number(b.toString().trim())));
    child.once("exit", (code) => reject(new Error(`the pack exited (${code}) before serving:\n${stderr}`)));
  });
  return { port, stop: () => child.kill() };
}

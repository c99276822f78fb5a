/**
 * Keys from a profile's `credential_process`, run as the AWS SDK runs it: through `sh -c`
 * (`cmd /C` on Windows) with the same environment, stopped after a minute, its standard
 * output read as JSON version 1 (AccessKeyId, SecretAccessKey, SessionToken, Expiration).
 * Its failures name the profile, the exit status or the field at fault: never the command
 * line or anything it printed, which may hold secrets.
 */
import { spawn } from "node:child_process";
import { BackendStoreError } from "../backend-store";
import type { FetchedKeys, KeySource } from "./aws-keys";
import { expiry } from "./aws-token-request";

const TIMEOUT_MS = 60_000;
/** More output than any key set: the program is not what we think it is. */
const MAX_OUTPUT = 64 * 1024;

export function credentialProcess(where: string, profile: string, command: string, env: NodeJS.ProcessEnv): KeySource {
  const from = `the credential_process of AWS profile "${profile}"`;
  const fail = (reason: string): never => {
    throw new BackendStoreError(where, `${from} ${reason}`);
  };
  return async () => {
    const out = await run(command, env).catch((err: Error) => fail(err.message));
    let doc: unknown;
    try {
      doc = JSON.parse(out);
    } catch {
      return fail("printed no JSON");
    }
    const o = (doc ?? {}) as Record<string, unknown>;
    if (o.Version !== 1) fail(`printed Version ${JSON.stringify(o.Version ?? null)}, not 1`);
    const field = (name: string) => (typeof o[name] === "string" ? (o[name] as string) : "");
    if (!field("AccessKeyId")) fail("printed no AccessKeyId");
    if (!field("SecretAccessKey")) fail("printed no SecretAccessKey");
    const keys: FetchedKeys = {
      accessKeyId: field("AccessKeyId"),
      secretAccessKey: field("SecretAccessKey"),
      sessionToken: field("SessionToken") || undefined,
      expires: expiry(where, from, field("Expiration") || undefined),
    };
    return keys;
  };
}

/** The command's standard output; rejects with what went wrong, without its output. */
function run(command: string, env: NodeJS.ProcessEnv): Promise<string> {
  const [shell, flag] = process.platform === "win32" ? ["cmd.exe", "/C"] : ["sh", "-c"];
  return new Promise((resolve, reject) => {
    const child = spawn(shell, [flag, command], { env, stdio: ["ignore", "pipe", "ignore"] });
    const chunks: Buffer[] = [];
    let size = 0;
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`did not finish within ${TIMEOUT_MS / 1000} s`));
    }, TIMEOUT_MS);
    child.stdout.on("data", (b: Buffer) => {
      size += b.length;
      if (size > MAX_OUTPUT) {
        child.kill("SIGKILL");
        reject(new Error(`printed more than ${MAX_OUTPUT} bytes`));
      } else chunks.push(b);
    });
    child.on("error", (err: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(new Error(`could not be started (${err.code ?? "error"})`));
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(Buffer.concat(chunks).toString("utf8"));
      else reject(new Error(signal ? `was stopped by ${signal}` : `exited with status ${code}`));
    });
  });
}

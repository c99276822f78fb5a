/** A child process a test started, followed until it prints that it is ready. */
import type { ChildProcess } from "node:child_process";

/** What a started process printed, and how to stop it. */
export interface StartedProcess {
  /** Everything it printed so far, stdout and stderr. */
  log(): string;
  /** Ends it (SIGTERM) and resolves once it exited. */
  stop(): Promise<void>;
}

/**
 * Collects `child`'s output and resolves once it contains `ready`; rejects, with the output,
 * when `name` exits first or has not printed it within 30 s.
 */
export async function untilReady(child: ChildProcess, name: string, ready: string): Promise<StartedProcess> {
  let out = "";
  child.stdout!.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (out += d.toString()));
  await new Promise<void>((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`${name} did not start in 30 s:\n${out}`)), 30_000);
    const check = () => {
      if (out.includes(ready)) {
        clearTimeout(timer);
        ok();
      }
    };
    child.stdout!.on("data", check);
    child.stderr!.on("data", check);
    child.once("exit", (code) => {
      clearTimeout(timer);
      fail(new Error(`${name} exited with ${code}:\n${out}`));
    });
  });
  return {
    log: () => out,
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once("exit", () => done());
        child.kill("SIGTERM");
      }),
  };
}

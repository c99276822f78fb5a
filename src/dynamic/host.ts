/**
 * What the engine's dynamic-provider host (`@pulumi/pulumi/cmd/dynamic-provider`) lacks,
 * supplied around the runtime's providers when they run inside it:
 *
 * - A log to the engine (pulumi/pulumi#6065): the host is started with the engine's address
 *   as its first argument, and warnings go to the engine's `Log` RPC (runtime/engine-log.ts).
 *
 * - Errors reported once. The host prints every failed call's error with its stack trace
 *   to stderr (which the engine shows under the stack) before returning it to the engine
 *   (which shows it under the resource). For the runtime's own errors, whose messages
 *   already say what to do, the first print is dropped.
 */
import type { ResourceProvider } from "@pulumi/pulumi/dynamic";
import { engineLogAt } from "../runtime/engine-log";
import type { ProviderLog } from "../runtime/log";

/** True when this process is the engine's dynamic-provider host. */
function inDynamicHost(): boolean {
  const main = require.main?.filename ?? "";
  return /[\\/]cmd[\\/]dynamic-provider[\\/]index\.js$/.test(main);
}

const reported = new Set<string>();
let consolePatched = false;

function patchConsole(): void {
  if (consolePatched) return;
  consolePatched = true;
  const original = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    if (args.length === 1 && typeof args[0] === "string" && reported.delete(args[0])) return;
    original(...args);
  };
}

/** Marks `err` as reported by the engine: the host's own print of it is dropped. */
function reportOnce(err: unknown): void {
  if (!(err instanceof Error)) return;
  // Exactly what the host prints: console.error(`${e}: ${e.stack}`).
  reported.add(`${err}: ${err.stack}`);
}

/** `provider` with its errors reported once when it runs inside the dynamic-provider host. */
export function forDynamicHost<P extends Required<ResourceProvider>>(provider: P, ours: (err: unknown) => boolean): P {
  if (!inDynamicHost()) return provider;
  patchConsole();
  const wrapped = { ...provider };
  // The host prints the errors of these four; it returns create's and update's unprinted.
  for (const key of ["check", "diff", "read", "delete"] as const) {
    const method = provider[key] as (...args: unknown[]) => Promise<unknown>;
    (wrapped as Record<string, unknown>)[key] = (...args: unknown[]) =>
      method(...args).catch((err: unknown) => {
        if (ours(err)) reportOnce(err);
        throw err;
      });
  }
  return wrapped;
}

/** True when this process is Pulumi's dynamic-provider host, given the engine's address. */
function engineAddress(argv: readonly string[] = process.argv): string | undefined {
  const script = argv[1] ?? "";
  const address = argv[2] ?? "";
  return /dynamic-provider/.test(script) && /^[\w.[\]:-]+:\d+$/.test(address) ? address : undefined;
}

/** The engine's log when running in the dynamic-provider host; undefined elsewhere. */
export function dynamicProviderEngineLog(): ProviderLog | undefined {
  const address = engineAddress();
  return address ? engineLogAt(address) : undefined;
}

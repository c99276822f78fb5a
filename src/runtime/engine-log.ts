/**
 * Warnings as the engine's own log (its `Log` RPC, severity WARNING), so that the CLI shows
 * them as warnings of the resource. Both doors point the runtime's log here: the plugin with
 * its bundled gRPC modules, the dynamic door (dynamic/host.ts) with the ones that ship with
 * the `@pulumi/pulumi` its host runs.
 */
import path from "node:path";
import type { ProviderLog } from "./log";

/** What the engine's log is reached with: its generated client and messages. */
export interface EngineLogModules {
  /** A connected `pulumirpc.Engine` client. */
  client: { log(req: unknown, done: (err: Error | null) => void): void };
  /** `@pulumi/pulumi/proto/engine_pb`: the request and severity types. */
  proto: {
    LogRequest: new () => { setSeverity(s: number): void; setMessage(m: string): void; setUrn(u: string): void };
    LogSeverity: { WARNING: number; INFO: number };
  };
}

/**
 * The engine's client as the dynamic-provider host can build it: from the gRPC modules that
 * ship with the `@pulumi/pulumi` it runs, found at run time (it may not be ours).
 */
function resolvedModules(address: string): EngineLogModules {
  /* eslint-disable @typescript-eslint/no-require-imports -- resolved at run time (above) */
  const grpcPath = require.resolve("@pulumi/pulumi/proto/engine_grpc_pb.js");
  // The gRPC library the generated client itself loads, so that its credentials match.
  const grpc = require(require.resolve("@grpc/grpc-js", { paths: [path.dirname(grpcPath)] }));
  const { EngineClient } = require(grpcPath);
  return {
    client: new EngineClient(address, grpc.credentials.createInsecure()),
    proto: require("@pulumi/pulumi/proto/engine_pb.js"),
  };
  /* eslint-enable @typescript-eslint/no-require-imports */
}

/**
 * The log of the engine listening at `address` (a plugin's first argument). Connects on
 * first use, with `connect` (the plugin passes its own, bundled modules: a standalone
 * executable has no node_modules to resolve from).
 */
export function engineLogAt(
  address: string,
  connect: (address: string) => EngineLogModules = resolvedModules,
): ProviderLog {
  let modules: EngineLogModules | undefined;
  const send = (severity: "WARNING" | "INFO", message: string, urn?: string) => {
    modules ??= connect(address);
    const { client, proto } = modules;
    const req = new proto.LogRequest();
    req.setSeverity(proto.LogSeverity[severity]);
    req.setMessage(message);
    req.setUrn(urn ?? "");
    return new Promise<void>((resolve, reject) => client.log(req, (err) => (err ? reject(err) : resolve())));
  };
  return {
    warn: (message, urn) => send("WARNING", message, urn),
    // A notice that cannot be delivered is not worth failing the operation for.
    info: (message, urn) => send("INFO", message, urn).catch(() => undefined),
  };
}

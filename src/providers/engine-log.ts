/**
 * The dynamic door's warnings: the engine's own log (its `Log` RPC, severity WARNING), so
 * that the CLI shows them as warnings of the resource, like a provider plugin's. The
 * dynamic-provider host is started by the engine with the engine's address as its first
 * argument; the client is built from the gRPC modules that ship with `@pulumi/pulumi`
 * (the same ones its own `pulumi.log` uses in a program).
 */
import path from "node:path";
import type { ProviderLog } from "./log";

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

/** The log of the engine listening at `address` (a plugin's first argument). Connects on first use. */
export function engineLogAt(address: string): ProviderLog {
  let client: { log(req: unknown, done: (err: Error | null) => void): void } | undefined;
  let proto: { LogRequest: new () => { setSeverity(s: number): void; setMessage(m: string): void; setUrn(u: string): void }; LogSeverity: { WARNING: number; INFO: number } };
  const connect = () => {
    const grpcPath = require.resolve("@pulumi/pulumi/proto/engine_grpc_pb.js");
    // The gRPC library the generated client itself loads, so that its credentials match.
    const grpc = require(require.resolve("@grpc/grpc-js", { paths: [path.dirname(grpcPath)] }));
    const { EngineClient } = require(grpcPath);
    proto = require("@pulumi/pulumi/proto/engine_pb.js");
    client = new EngineClient(address, grpc.credentials.createInsecure());
  };
  const send = (severity: "WARNING" | "INFO", message: string, urn?: string) => {
    if (!client) connect();
    const req = new proto.LogRequest();
    req.setSeverity(proto.LogSeverity[severity]);
    req.setMessage(message);
    req.setUrn(urn ?? "");
    return new Promise<void>((resolve, reject) => client!.log(req, (err) => (err ? reject(err) : resolve())));
  };
  return {
    warn: (message, urn) => send("WARNING", message, urn),
    // A notice that cannot be delivered is not worth failing the operation for.
    info: (message, urn) => send("INFO", message, urn).catch(() => undefined),
  };
}

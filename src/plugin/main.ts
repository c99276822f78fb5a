#!/usr/bin/env node
/**
 * `pulumi-resource-uptime`: the provider plugin's process. The engine starts it (through
 * the launcher beside it in dist/plugin/), reads the port it prints on the first line of
 * stdout, and talks gRPC to it on loopback. Nothing else may be printed on stdout.
 */
import * as grpc from "@grpc/grpc-js";
import { ResourceProviderService } from "@pulumi/pulumi/proto/provider_grpc_pb";
import { UptimeProviderService } from "./provider-service";
import { engineLogAt } from "../providers/engine-log";
import { setProviderLog } from "../providers/log";

/** Starts the service on a free loopback port and returns the port. */
export async function serve(): Promise<{ port: number; server: grpc.Server }> {
  const server = new grpc.Server({ "grpc.max_receive_message_length": 400 * 1024 * 1024 });
  server.addService(ResourceProviderService, new UptimeProviderService().implementation());
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p))),
  );
  return { port, server };
}

if (require.main === module) {
  // The engine starts a plugin with its own address: warnings and notices go to its log.
  const engine = process.argv[2];
  if (engine && /^[\w.[\]:-]+:\d+$/.test(engine)) setProviderLog(engineLogAt(engine));
  serve().then(
    ({ port }) => process.stdout.write(`${port}\n`),
    (err) => {
      process.stderr.write(`pulumi-resource-uptime: could not start: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exit(1);
    },
  );
}

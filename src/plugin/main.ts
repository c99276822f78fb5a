#!/usr/bin/env node
/**
 * `pulumi-resource-uptime`: the provider plugin's process. The engine starts it (through
 * the launcher beside it in dist/plugin/), reads the port it prints on the first line of
 * stdout, and talks gRPC to it on loopback. Nothing else may be printed on stdout. With
 * `COMPONENT_SERVER_ENV` set, the same executable is the plugin's component server instead
 * (component-server.ts).
 */
import * as grpc from "@grpc/grpc-js";
import { ResourceProviderService } from "@pulumi/pulumi/proto/provider_grpc_pb";
import { engineLogAt, type EngineLogModules } from "../runtime/engine-log";
import { setProviderLog } from "../runtime/log";
import { engineAddressFrom } from "./engine-address";
import { COMPONENT_SERVER_ENV } from "./component-plan";

type Handler = (call: unknown, callback?: unknown) => void;

/**
 * The service's handlers, loaded on first use: the runtime behind them (the HTTP client,
 * zod and the schemas) is most of the plugin's code, and the engine waits for the port
 * before anything else. `warm` starts loading it right after the port is out, while the
 * engine connects.
 */
function lazyService(): { implementation: grpc.UntypedServiceImplementation; warm(): void } {
  let handlers: Record<string, Handler> | undefined;
  let loading: Promise<Record<string, Handler>> | undefined;
  const load = () =>
    (loading ??= import("./provider-service").then(
      ({ UptimeProviderService }) =>
        (handlers = new UptimeProviderService().implementation() as unknown as Record<string, Handler>),
    ));
  const implementation: grpc.UntypedServiceImplementation = {};
  for (const name of Object.keys(ResourceProviderService)) {
    implementation[name] = ((call: grpc.ServerUnaryCall<unknown, unknown>, callback?: grpc.sendUnaryData<unknown>) => {
      if (handlers) return handlers[name](call, callback);
      load().then(
        (h) => h[name](call, callback),
        (err: unknown) => {
          const status = {
            code: grpc.status.INTERNAL,
            details: `pulumi-resource-uptime could not load its service: ${err instanceof Error ? err.message : String(err)}`,
          };
          if (callback) callback(status);
          else call.emit("error", status);
        },
      );
    }) as never;
  }
  return { implementation, warm: () => void load().catch(() => undefined) };
}

/** Starts the service on a free loopback port and returns the port; `warm` loads the handlers. */
export async function serve(): Promise<{ port: number; server: grpc.Server; warm(): void }> {
  const server = new grpc.Server({ "grpc.max_receive_message_length": 400 * 1024 * 1024 });
  const service = lazyService();
  server.addService(ResourceProviderService, service.implementation);
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (err, p) =>
      err ? reject(err) : resolve(p),
    ),
  );
  return { port, server, warm: service.warm };
}

/**
 * The engine's log client from this plugin's own gRPC modules, loaded on the first warning
 * (not at start-up). Plain `require`s of fixed names, so that the bundle of the standalone
 * executable carries them.
 */
function engineModules(address: string): EngineLogModules {
  /* eslint-disable @typescript-eslint/no-require-imports -- loaded on the first warning, by fixed names (above) */
  const { EngineClient } =
    require("@pulumi/pulumi/proto/engine_grpc_pb") as typeof import("@pulumi/pulumi/proto/engine_grpc_pb");
  return {
    client: new EngineClient(address, grpc.credentials.createInsecure()),
    proto: require("@pulumi/pulumi/proto/engine_pb"),
  };
  /* eslint-enable @typescript-eslint/no-require-imports */
}

if (require.main === module && process.env[COMPONENT_SERVER_ENV]) {
  // The plugin's component server (component-host.ts starts it): Construct through the SDK.
  void import("./component-server").then(({ serveComponents }) => serveComponents());
} else if (require.main === module) {
  // The engine starts a plugin with its own address: warnings and notices go to its log.
  const engine = engineAddressFrom(process.argv);
  if (engine) setProviderLog(engineLogAt(engine, engineModules));
  serve().then(
    ({ port, warm }) => {
      process.stdout.write(`${port}\n`);
      setImmediate(warm);
    },
    (err) => {
      process.stderr.write(
        `pulumi-resource-uptime: could not start: ${err instanceof Error ? err.message : String(err)}\n`,
      );
      process.exit(1);
    },
  );
}

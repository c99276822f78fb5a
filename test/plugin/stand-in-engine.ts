/**
 * A stand-in of the engine for the plugin's Construct, on one loopback port: its resource
 * monitor records each registration and answers as the engine would, and its engine service
 * records each log message sent to it. And the plugin's process, started as the engine starts
 * it (dist/plugin/main.js with the engine's address), with a client of it.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { afterAll, beforeAll } from "vitest";
import * as path from "node:path";
import * as grpc from "@grpc/grpc-js";
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import { EngineService } from "@pulumi/pulumi/proto/engine_grpc_pb";
import type * as engproto from "@pulumi/pulumi/proto/engine_pb";
import { ResourceProviderClient } from "@pulumi/pulumi/proto/provider_grpc_pb";
import { ResourceMonitorService } from "@pulumi/pulumi/proto/resource_grpc_pb";
import * as resproto from "@pulumi/pulumi/proto/resource_pb";

const MAIN = path.resolve(__dirname, "../../dist/plugin/main.js");

type Registered = resproto.RegisterResourceRequest;
type Answer = grpc.sendUnaryData<unknown>;

export interface StandInEngine {
  address: string;
  registered: Registered[];
  /** The messages of the log requests the engine service got. */
  logged: string[];
  server: grpc.Server;
}

/** Every method of `service` answering UNIMPLEMENTED. */
function unimplemented(service: grpc.ServiceDefinition): grpc.UntypedServiceImplementation {
  const refuse = (_call: unknown, cb: Answer) => cb({ code: grpc.status.UNIMPLEMENTED });
  return Object.fromEntries(Object.keys(service).map((k) => [k, refuse]));
}

export async function standInEngine(): Promise<StandInEngine> {
  const registered: Registered[] = [];
  const logged: string[] = [];
  const monitor = unimplemented(ResourceMonitorService);
  monitor.supportsFeature = (call: grpc.ServerUnaryCall<resproto.SupportsFeatureRequest, unknown>, cb: Answer) =>
    cb(null, new resproto.SupportsFeatureResponse().setHassupport(call.request.getId() !== "transforms"));
  monitor.registerResourceOutputs = (_call: unknown, cb: Answer) => cb(null, new Empty());
  monitor.registerResource = (call: grpc.ServerUnaryCall<Registered, unknown>, cb: Answer) => {
    const req = call.request;
    registered.push(req);
    const parentType = req.getParent() ? `${req.getParent().split("::")[2]}$` : "";
    const urn = `urn:pulumi:dev::p::${parentType}${req.getType()}::${req.getName()}`;
    const resp = new resproto.RegisterResourceResponse().setUrn(urn);
    if (req.getCustom()) {
      const object = { ...(req.getObject()?.toJavaScript() ?? {}), monitorId: `id-${req.getName()}` };
      resp.setId(`id-${req.getName()}`).setObject(Struct.fromJavaScript(object as never));
    } else resp.setObject(new Struct());
    cb(null, resp);
  };
  const engine = unimplemented(EngineService);
  engine.log = (call: grpc.ServerUnaryCall<engproto.LogRequest, unknown>, cb: Answer) => {
    logged.push(call.request.getMessage());
    cb(null, new Empty());
  };
  const server = new grpc.Server();
  server.addService(ResourceMonitorService, monitor);
  server.addService(EngineService, engine);
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (e, p) => (e ? reject(e) : resolve(p))),
  );
  return { address: `127.0.0.1:${port}`, registered, logged, server };
}

/** The plugin's process and a client of it. */
export interface StartedPlugin {
  child: ChildProcess;
  client: ResourceProviderClient;
}

/** The plugin's process, started as the engine starts it, and a client of it. */
export async function startPlugin(engine: string): Promise<StartedPlugin> {
  const child = spawn(process.execPath, [MAIN, engine], { stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout!.once("data", (b: Buffer) => resolve(b.toString().split("\n")[0]));
    child.once("exit", (code) => reject(new Error(`the plugin ended (${code})`)));
  });
  return { child, client: new ResourceProviderClient(`127.0.0.1:${port}`, grpc.credentials.createInsecure()) };
}

/** One unary call of the plugin, as a promise. */
export function call<Req, Res>(
  client: ResourceProviderClient,
  method: "configure" | "construct",
  req: Req,
): Promise<Res> {
  const fn = (client[method] as unknown as (r: Req, cb: (e: Error | null, r: Res) => void) => void).bind(client);
  return new Promise((resolve, reject) => fn(req, (e, r) => (e ? reject(e) : resolve(r))));
}

/**
 * For the tests of a `describe`: a stand-in engine and the plugin started with its address,
 * there before the tests (and before the `beforeAll`s declared after this), stopped after.
 */
export function standInEngineAndPlugin(): { engine: StandInEngine; plugin: StartedPlugin } {
  const running = {} as { engine: StandInEngine; plugin: StartedPlugin };
  beforeAll(async () => {
    running.engine = await standInEngine();
    running.plugin = await startPlugin(running.engine.address);
  }, 30_000);
  afterAll(() => {
    running.plugin?.client.close();
    running.plugin?.child.kill();
    running.engine?.server.forceShutdown();
  });
  return running;
}

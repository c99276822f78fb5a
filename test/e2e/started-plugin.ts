/**
 * A provider plugin started as the engine starts one: its executable (or launcher) prints
 * the gRPC port on the first line of its stdout, then serves. What it writes to stderr is
 * kept and joined to the error of a failed start or call, where it says why.
 */
import { spawn } from "node:child_process";
import * as grpc from "@grpc/grpc-js";
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import { ResourceProviderClient } from "@pulumi/pulumi/proto/provider_grpc_pb";
import { GetSchemaRequest, type GetSchemaResponse } from "@pulumi/pulumi/proto/provider_pb";
import type { PluginInfo } from "@pulumi/pulumi/proto/plugin_pb";

/** A running plugin and a gRPC client of it. */
export interface StartedPlugin {
  port: number;
  /** The package schema it serves (GetSchema), as text. */
  schema(): Promise<string>;
  /** The version it reports (GetPluginInfo). */
  version(): Promise<string>;
}

/** Starts `executable` in `cwd`, runs `use` on it once it has printed its port, then stops it. */
export async function withStartedPlugin<T>(
  executable: string,
  cwd: string,
  use: (plugin: StartedPlugin) => Promise<T>,
): Promise<T> {
  const child = spawn(executable, [], { cwd, stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (b: Buffer) => (stderr += b.toString()));
  try {
    const port = await new Promise<number>((resolve, reject) => {
      let out = "";
      child.stdout.on("data", (b: Buffer) => {
        out += b.toString();
        if (out.includes("\n")) resolve(Number(out.trim()));
      });
      child.on("exit", (code) => reject(new Error(`${executable} exited ${code} before printing a port:\n${stderr}`)));
    });
    const client = new ResourceProviderClient(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
    /** One unary call, its error carrying the plugin's stderr. */
    const call = <R>(name: string, start: (done: (e: grpc.ServiceError | null, r: R) => void) => void) =>
      new Promise<R>((res, rej) =>
        start((e, r) => (e ? rej(new Error(`${name}: ${e.message}\nplugin stderr:\n${stderr}`)) : res(r))),
      );
    try {
      return await use({
        port,
        schema: async () =>
          (
            await call<GetSchemaResponse>("GetSchema", (done) => client.getSchema(new GetSchemaRequest(), done))
          ).getSchema(),
        version: async () =>
          (await call<PluginInfo>("GetPluginInfo", (done) => client.getPluginInfo(new Empty(), done))).getVersion(),
      });
    } finally {
      client.close();
    }
  } finally {
    child.kill();
  }
}

/**
 * The plugin's component server (component-server.ts), started on the first `Construct` and
 * kept for the plugin's life: the same executable (Node.js with dist/plugin/main.js, or the
 * standalone executable) with `COMPONENT_SERVER_ENV` set. It prints
 * its port on its first line of stdout, as any plugin; what it prints after goes to the
 * plugin's stderr (the plugin's own stdout carries its port only). It ends when the plugin's
 * end closes its stdin; if it ends first, the next Construct starts another.
 */
import { spawn, type ChildProcess } from "node:child_process";
import * as grpc from "@grpc/grpc-js";
import type * as proto from "@pulumi/pulumi/proto/provider_pb";
import { ResourceProviderClient } from "@pulumi/pulumi/proto/provider_grpc_pb";
import { COMPONENT_SERVER_ENV } from "./component-plan";

interface Running {
  child: ChildProcess;
  client: ResourceProviderClient;
}

/** Whether this process is the standalone executable (Node's single executable applications). */
function isStandalone(): boolean {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded by name, where Node.js has it
    return (require("node:sea") as { isSea(): boolean }).isSea();
  } catch {
    return false;
  }
}

/** How to run this plugin again: the standalone executable alone, or Node.js with the script. */
function selfCommand(): string[] {
  return isStandalone() ? [process.execPath] : [process.execPath, ...process.execArgv, process.argv[1]];
}

/** Starts the server and resolves with its port once it prints it. */
function start(): Promise<{ child: ChildProcess; port: number }> {
  const [command, ...args] = selfCommand();
  const child = spawn(command, args, {
    env: { ...process.env, [COMPONENT_SERVER_ENV]: "1" },
    stdio: ["pipe", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    let head = "";
    const onData = (chunk: Buffer) => {
      head += chunk.toString("utf8");
      const eol = head.indexOf("\n");
      if (eol < 0) return;
      child.stdout!.off("data", onData);
      const rest = head.slice(eol + 1);
      if (rest) process.stderr.write(rest);
      child.stdout!.pipe(process.stderr);
      const port = Number(head.slice(0, eol).trim());
      if (Number.isInteger(port) && port > 0) resolve({ child, port });
      else reject(new Error(`the uptime component server printed no port: ${head.slice(0, eol)}`));
    };
    child.stdout!.on("data", onData);
    child.once("error", reject);
    child.once("exit", (code, signal) =>
      reject(new Error(`the uptime component server ended before it served (${signal ?? `exit code ${code}`})`)),
    );
  });
}

/** The component server of this plugin process. */
export class ComponentHost {
  private running?: Promise<Running>;

  private connect(): Promise<Running> {
    this.running ??= start().then(({ child, port }) => {
      const client = new ResourceProviderClient(`127.0.0.1:${port}`, grpc.credentials.createInsecure(), {
        "grpc.max_receive_message_length": 400 * 1024 * 1024,
      });
      child.once("exit", () => {
        this.running = undefined;
        client.close();
      });
      // The plugin's end closes the server's stdin; the server must not keep the plugin alive.
      child.unref();
      (child.stdin as unknown as { unref?(): void } | null)?.unref?.();
      (child.stdout as unknown as { unref?(): void } | null)?.unref?.();
      return { child, client };
    });
    this.running.catch(() => (this.running = undefined));
    return this.running;
  }

  /** Has the server construct the component of `req`; its failure is thrown with its message. */
  async construct(req: proto.ConstructRequest): Promise<proto.ConstructResponse> {
    const { client } = await this.connect();
    return new Promise((resolve, reject) =>
      client.construct(req, (err, resp) => (err ? reject(new Error(err.details || err.message)) : resolve(resp!))),
    );
  }
}

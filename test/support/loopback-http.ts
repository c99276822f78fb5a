/** A node:http server listening on a free loopback port, and how to close it. */
import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface LoopbackHttp {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  server: Server;
  close(): Promise<void>;
}

export async function listenOnLoopback(handler: RequestListener): Promise<LoopbackHttp> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

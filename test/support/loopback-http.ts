/** A node:http server listening on a free loopback port, and how to close it. */
import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface LoopbackHttp {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  server: Server;
  close(): Promise<void>;
}

/** Listens on 127.0.0.1 (on `port`, default any free one) with `handler`. */
export async function listenOnLoopback(handler: RequestListener, port = 0): Promise<LoopbackHttp> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${bound}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

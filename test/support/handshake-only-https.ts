/** HTTPS servers that present one certificate each and answer `{}`: for tests of which certificates a client trusts. */
import https from "node:https";
import type { AddressInfo } from "node:net";
import type { CertFiles } from "./test-pki";

/** `start(files)` listens on loopback with `files`' certificate and gives its URL; `closeAll()` stops every one started. */
export function handshakeOnlyServers(): { start(files: CertFiles): Promise<string>; closeAll(): void } {
  const started: https.Server[] = [];
  return {
    async start(files) {
      const s = https.createServer({ cert: files.cert, key: files.key }, (_req, res) => res.end("{}"));
      started.push(s);
      await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
      return `https://127.0.0.1:${(s.address() as AddressInfo).port}`;
    },
    closeAll() {
      for (const s of started) s.close();
    },
  };
}

/** A loopback port nothing listens on, for tests of a refused connection. */
import net from "node:net";

/** A port that was free a moment ago (bound, then released): connecting to it is refused. */
export function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

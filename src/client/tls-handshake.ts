/**
 * One TLS handshake with an https service, verified with the CAs the client trusts, and
 * closed before any HTTP is sent: how CheckConfig finds an untrusted certificate at
 * preview (connection-check.ts), which otherwise only the first request would meet.
 */
import { isIP } from "node:net";
import type { Duplex } from "node:stream";
import { connect } from "node:tls";

/**
 * Shakes hands with `origin` over `socket` (a proxy's tunnel) or a new connection, and
 * resolves with the failure (a verification error, a refused connection, a timeout) or
 * undefined when the certificate is accepted. Never rejects.
 */
export function handshakeFailure(
  origin: string,
  socket: Duplex | undefined,
  ca: string[] | undefined,
  timeoutMs: number,
): Promise<Error | undefined> {
  const url = new URL(origin);
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  return new Promise((resolve) => {
    const tls = connect({
      socket,
      host,
      port: Number(url.port) || 443,
      // SNI takes host names only; an IP is still checked against the certificate's names.
      servername: isIP(host) ? undefined : host,
      ca,
    });
    const done = (err?: Error) => {
      clearTimeout(timer);
      tls.destroy();
      socket?.destroy();
      resolve(err);
    };
    const timer = setTimeout(
      () => done(Object.assign(new Error("TLS handshake timed out"), { code: "UND_ERR_CONNECT_TIMEOUT" })),
      timeoutMs,
    );
    tls.once("secureConnect", () => done());
    tls.once("error", done);
  });
}

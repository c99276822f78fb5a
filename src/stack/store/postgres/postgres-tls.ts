/**
 * TLS on a PostgreSQL connection: the SSLRequest, then a TLS handshake over the same socket
 * when the server answers `S`, checking the certificate as `sslmode` asks (libpq's rules,
 * which the CLI's driver follows).
 */
import { readFileSync } from "node:fs";
import net from "node:net";
import tls from "node:tls";
import { BackendStoreError } from "../backend-store";
import { socketErrorReason } from "./postgres-errors";
import type { PostgresSettings, SslMode } from "./postgres-settings";
import { sslRequest } from "./postgres-wire";

/** The socket after the SSLRequest: TLS when `mode` asks and the server takes it. */
export async function negotiateTls(socket: net.Socket, s: PostgresSettings, mode: SslMode): Promise<net.Socket> {
  if (mode === "disable" || mode === "allow") return socket;
  const answer = await new Promise<Buffer>((resolve, reject) => {
    socket.once("data", resolve);
    socket.once("error", (err) => reject(new BackendStoreError(s.where, socketErrorReason(err, s))));
    socket.once("close", () =>
      reject(new BackendStoreError(s.where, "the server closed the connection at the SSLRequest")),
    );
    socket.write(sslRequest());
  });
  socket.removeAllListeners("error");
  socket.removeAllListeners("close");
  // Anything after the one byte came before TLS, unprotected: refuse it (CVE-2021-23222).
  if (answer.length !== 1 || (answer[0] !== 0x53 && answer[0] !== 0x4e)) {
    throw new BackendStoreError(
      s.where,
      "the server's answer to the SSLRequest is not S or N: is this a PostgreSQL server?",
    );
  }
  if (answer[0] === 0x4e) {
    if (mode === "prefer") return socket;
    throw new BackendStoreError(
      s.where,
      `the server does not accept TLS, and sslmode=${mode} requires it: enable ssl on the server or use sslmode=prefer`,
    );
  }
  return new Promise((resolve, reject) => {
    const secure = tls.connect(tlsOptions(socket, s, mode));
    secure.once("secureConnect", () => {
      secure.removeAllListeners("error");
      resolve(secure);
    });
    secure.once("error", (err) => {
      const hint =
        mode === "verify-ca" || mode === "verify-full" ? " (give the server's CA certificate in sslrootcert)" : "";
      reject(new BackendStoreError(s.where, `TLS with the server failed: ${err.message}${hint}`));
    });
  });
}

function tlsOptions(socket: net.Socket, s: PostgresSettings, mode: SslMode): tls.ConnectionOptions {
  const read = (name: string, file: string): Buffer => {
    try {
      return readFileSync(file);
    } catch (err) {
      throw new BackendStoreError(s.where, `${name}: cannot read ${file}: ${(err as Error).message}`);
    }
  };
  const ca = s.sslrootcert === undefined || s.sslrootcert === "system" ? undefined : read("sslrootcert", s.sslrootcert);
  // require/prefer check nothing unless a CA is given, then the chain (as verify-ca): libpq's rule.
  const checkChain = mode === "verify-ca" || mode === "verify-full" || ca !== undefined;
  return {
    socket,
    servername: s.sslsni && !net.isIP(s.host) && !s.host.startsWith("/") ? s.host : undefined,
    ca,
    cert: s.sslcert ? read("sslcert", s.sslcert) : undefined,
    key: s.sslkey ? read("sslkey", s.sslkey) : undefined,
    rejectUnauthorized: checkChain,
    // verify-full checks the host name too; the others at most the chain.
    checkServerIdentity: mode === "verify-full" ? (_, cert) => tls.checkServerIdentity(s.host, cert) : () => undefined,
  };
}

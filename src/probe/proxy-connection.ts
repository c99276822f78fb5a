/**
 * A check's connection through a proxy: a CONNECT tunnel to the target's host and port (for
 * http:// targets too, as the API client goes through a proxy), over which the request (and,
 * for https, TLS with the target itself) runs. So a check behind a company proxy meets the
 * target as the service would, certificate included; a proxy's own refusal is the reason.
 */
import http from "node:http";
import https from "node:https";
import type { Socket } from "node:net";
import tls from "node:tls";
import type { Duplex } from "node:stream";
import { authority, connectHeaders } from "../client/proxy-tunnel";
import type { ProxyRoute } from "../client/network";
import type { Deadline } from "./deadline";

/** Opens a tunnel to `url`'s origin through `proxy`; the deadline ends the attempt. */
export function tunnelTo(url: URL, proxy: ProxyRoute, deadline: Deadline, ca?: (string | Buffer)[]): Promise<Duplex> {
  const via = new URL(proxy.uri);
  const target = authority(url.origin);
  const headers = connectHeaders(via, target);
  const secure = via.protocol === "https:";
  return new Promise((resolve, reject) => {
    const req = (secure ? https : http).request({
      host: via.hostname.replace(/^\[(.*)\]$/, "$1"),
      port: Number(via.port) || (secure ? 443 : 80),
      method: "CONNECT",
      path: target,
      headers,
      agent: false,
      ...(secure && ca ? { ca } : {}),
    });
    const stop = deadline.onEnd(() => req.destroy(deadline.reason));
    req.once("connect", (res, socket) => {
      stop();
      if (res.statusCode === 200) return resolve(socket);
      socket.destroy();
      reject(new Error(`the proxy ${proxy.shown} (from ${proxy.from}) refused CONNECT ${target}: ${res.statusCode}`));
    });
    req.once("error", (err: NodeJS.ErrnoException) => {
      stop();
      reject(
        deadline.reason ??
          new Error(`could not reach the proxy ${proxy.shown} (from ${proxy.from}): ${err.code ?? err.message}`),
      );
    });
    req.end();
  });
}

/** The connection a request over `tunnel` runs on: the tunnel itself, or TLS with the target over it. */
export function overTunnel(url: URL, tunnel: Duplex, ca?: (string | Buffer)[]): Duplex {
  if (url.protocol !== "https:") return tunnel;
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  return tls.connect({
    socket: tunnel as Socket,
    // An IP address is no server name (SNI).
    ...(/^[\d.]+$|:/.test(host) ? {} : { servername: host }),
    ...(ca ? { ca } : {}),
  });
}

/**
 * A check's way through a proxy, as curl and Go take it. An http:// target is requested
 * from the proxy in absolute form (`GET http://host:port/path`, the proxy's credentials in
 * `Proxy-Authorization`): the proxy forwards it, as a company proxy that allows CONNECT only
 * to port 443 (Squid's default) expects. An https:// target goes through a CONNECT tunnel to
 * its host and port, over which TLS is made with the target itself: so a check behind a
 * company proxy meets the target as the service would, certificate included. A proxy's own
 * refusal, or a proxy not there, is the reason.
 */
import http from "node:http";
import https from "node:https";
import type { Socket } from "node:net";
import tls from "node:tls";
import type { Duplex } from "node:stream";
import { authority, connectHeaders, proxyAuthorization } from "../client/proxy-tunnel";
import type { ProxyRoute } from "../client/network";
import type { Deadline } from "./deadline";

/** The error of a check that could not reach `proxy` (or lost it before an answer). */
export function proxyNotReached(proxy: ProxyRoute, err: NodeJS.ErrnoException): Error {
  return new Error(`could not reach the proxy ${proxy.shown} (from ${proxy.from}): ${err.code ?? err.message}`);
}

/**
 * The request of an http:// `url` through `proxy`: to the proxy (its URL without
 * credentials), in absolute form, with the target's Host. A fresh connection per request,
 * shared with no other check.
 */
export function absoluteFormRequest(
  url: URL,
  proxy: ProxyRoute,
  method: string,
  headers: Record<string, string>,
  ca?: (string | Buffer)[],
): { to: URL; options: https.RequestOptions } {
  const via = new URL(proxy.uri);
  const to = new URL(via.origin);
  const ownHost = Object.keys(headers).some((k) => k.toLowerCase() === "host");
  return {
    to,
    options: {
      method,
      // No user or password of the target's URL, and no fragment: only what a request line holds.
      path: `${url.protocol}//${url.host}${url.pathname}${url.search}`,
      headers: { ...headers, ...(ownHost ? {} : { host: url.host }), ...proxyAuthorization(via) },
      agent: false,
      ...(to.protocol === "https:" && ca ? { ca } : {}),
    },
  };
}

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
      reject(deadline.reason ?? proxyNotReached(proxy, err));
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

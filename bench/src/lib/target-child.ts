/**
 * B8's check targets, in their own process so that their work is not the server's:
 * an HTTP server on 127.0.0.1 answering every path with 200 "ok". The parent asks for
 * the requests it served and the CPU it used over IPC.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

let served = 0;
const server = http.createServer((req, res) => {
  served++;
  req.resume();
  res.writeHead(200, { "Content-Type": "text/plain" });
  res.end("ok");
});
server.listen(0, "127.0.0.1", () => {
  const { port } = server.address() as AddressInfo;
  process.send!({ url: `http://127.0.0.1:${port}` });
});
process.on("message", (m: { cmd: "stats" | "close" }) => {
  if (m.cmd === "stats") {
    const cpu = process.cpuUsage();
    process.send!({ served, cpuMs: Math.round((cpu.user + cpu.system) / 1000) });
  } else {
    server.close();
    process.exit(0);
  }
});

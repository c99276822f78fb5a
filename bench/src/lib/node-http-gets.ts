/**
 * B12's floor, in its own process like the command it is compared with: plain GETs of the
 * URLs in the file named by argv[2] (one a line) at concurrency argv[3], each body read to its
 * end, on the transport `test --file` uses for its checks: Node's `http`/`https` with one
 * keep-alive agent per scheme, set as src/probe/connections.ts sets its own (so the floor loads
 * no module the command does not). Prints the number of 2xx answers, then the milliseconds
 * from the first GET to the last answer (the floor without its process start and module load,
 * reported beside it).
 */
import * as http from "node:http";
import * as https from "node:https";
import { runGets } from "./gets-loop";

const options = { keepAlive: true, maxSockets: Infinity, scheduling: "lifo" as const };
const agents = { http: new http.Agent(options), https: new https.Agent(options) };

/** The status of a GET of `url`, its body read to the end. */
function get(url: string): Promise<number> {
  const secure = url.startsWith("https:");
  return new Promise((resolve, reject) => {
    const req = (secure ? https : http).get(url, { agent: secure ? agents.https : agents.http }, (res) => {
      res.on("error", reject);
      res.on("end", () => resolve(res.statusCode ?? 0));
      res.resume();
    });
    req.on("error", reject);
  });
}

void runGets(get).then(() => {
  agents.http.destroy();
  agents.https.destroy();
});

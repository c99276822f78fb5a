/**
 * B17's floor, in its own process like the command it is compared with: plain undici GETs
 * (undici is the API client's transport, so the floor's) of the URLs in the file named by
 * argv[2] (one a line) at concurrency argv[3], each body read to its end; with FLOOR_API_KEY
 * set, each GET carries it as the API's Bearer token. Prints the number of 2xx answers, then
 * the milliseconds from the first GET to the last answer (the floor without its process start
 * and module load, reported beside it).
 */
import { request } from "undici";
import { runGets } from "./gets-loop";

const key = process.env.FLOOR_API_KEY;
const headers = key ? { authorization: `Bearer ${key}`, accept: "application/json" } : undefined;

void runGets(async (url) => {
  const res = await request(url, headers ? { headers } : {});
  await res.body.dump();
  return res.statusCode;
});

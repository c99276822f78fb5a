/** Request counting: what tests read through {@link UptimeServer.requests} and `/__local/stats`. */
import type { RequestRecord } from "./types";

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** True for a method that changes data, on a path under /api/v1. */
function isApiWrite(method: string, path: string): boolean {
  return WRITE_METHODS.has(method) && (path === "/api/v1" || path.startsWith("/api/v1/"));
}

/** The request log of one server. */
export class RequestStats {
  /** Every request, in order of arrival; {@link RequestStats.reset} empties it in place, so references stay valid. */
  requests: RequestRecord[] = [];
  private writes = 0;

  /** Records a request on arrival; the caller fills in `status` and `account` later. */
  begin(method: string, path: string): RequestRecord {
    const record: RequestRecord = { method, path, status: 0, write: isApiWrite(method, path) };
    this.requests.push(record);
    if (record.write) this.writes++;
    return record;
  }

  /** Writes received since start or the last reset. */
  writeCount(): number {
    return this.writes;
  }

  /** Forgets everything recorded. */
  reset(): void {
    this.requests.length = 0;
    this.writes = 0;
  }
}

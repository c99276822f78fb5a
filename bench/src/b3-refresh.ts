/**
 * B3: `pulumi refresh` of N deployed monitors: requests at the server and wall time.
 * Target: at most one request per monitor. The provider answers reads from one pass over
 * the list pages when the list is shown to match `show` (src/runtime/monitor/read-snapshot.ts).
 */
import { COUNT, type Deployed, ok, runMainOnDeployed, secs } from "./lib/common";
import { summary } from "./lib/pulumi";
import type { ServerStats } from "./lib/server";

export interface B3Result {
  count: number;
  refreshMs: number;
  stats: ServerStats;
  /** A preview after the refresh showed no change (the reads recorded no false drift). */
  noDriftAfter: boolean;
}

export async function b3(deployed: Deployed, count = COUNT): Promise<B3Result> {
  await deployed.server.reset();
  const r = ok(await deployed.stack.refresh(), "pulumi refresh");
  const stats = await deployed.server.stats();
  const s = summary(r.stdout);
  if ((s.update ?? 0) > 0) throw new Error(`refresh found drift on an untouched stack:\n${r.stdout.slice(-3000)}`);
  const after = await deployed.stack.preview(["--expect-no-changes"]);
  console.log(
    `B3 refresh of ${count} monitors: ${secs(r.ms)}, ${stats.total} requests at the server (${(stats.total / count).toFixed(3)} per monitor) ${JSON.stringify(stats.byRoute)}`,
  );
  return { count, refreshMs: r.ms, stats, noDriftAfter: after.code === 0 };
}

if (require.main === module) runMainOnDeployed(COUNT, b3);

/**
 * B2: `pulumi preview` with no changes on N deployed monitors: wall time and requests at the
 * server (target: at most 1, the check of the settings).
 */
import { COUNT, type Deployed, ok, runMainOnDeployed, secs } from "./lib/common";
import { summary } from "./lib/pulumi";
import type { ServerStats } from "./lib/server";

export interface B2Result {
  count: number;
  previewMs: number;
  stats: ServerStats;
}

export async function b2(deployed: Deployed, count = COUNT): Promise<B2Result> {
  await deployed.server.reset();
  const r = ok(await deployed.stack.preview(["--expect-no-changes"]), "pulumi preview --expect-no-changes");
  const stats = await deployed.server.stats();
  const unchanged = summary(r.stdout).unchanged ?? 0;
  if (unchanged !== count + 1)
    throw new Error(`preview: ${unchanged} unchanged, expected ${count} + the stack:\n${r.stdout.slice(-2000)}`);
  console.log(
    `B2 preview (no changes) of ${count} monitors: ${secs(r.ms)}, ${stats.total} requests at the server ${JSON.stringify(stats.byRoute)}`,
  );
  return { count, previewMs: r.ms, stats };
}

if (require.main === module) runMainOnDeployed(COUNT, b2);

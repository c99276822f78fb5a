/** When a stack's last update started, from `pulumi stack history`. */
import { pulumiOutput, type StackTarget } from "./pulumi-command";

/** The stack's last update: when it started (epoch ms), or undefined before any. */
export async function lastUpdate(target: StackTarget): Promise<{ startMs: number } | undefined> {
  const text = await pulumiOutput(target, ["stack", "history", "--json"]);
  const history = (JSON.parse(text || "[]") as { kind?: string; startTime?: string | number }[] | null) ?? [];
  const update = history.find((h) => h.kind === "update");
  if (!update || update.startTime === undefined) return undefined;
  // A number is seconds since the epoch; a string, a date and time.
  const start = typeof update.startTime === "number" ? update.startTime * 1000 : Date.parse(update.startTime);
  return Number.isFinite(start) ? { startMs: start } : undefined;
}

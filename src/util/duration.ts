/** Durations as commands take them on the command line. */

/** `90s`, `10m`, `1h`, `1h30m`, or plain seconds, in milliseconds; undefined when not one of those. */
export function parseDuration(text: string): number | undefined {
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const m = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(text);
  if (!m || text === "") return undefined;
  return ((Number(m[1] ?? 0) * 60 + Number(m[2] ?? 0)) * 60 + Number(m[3] ?? 0)) * 1000;
}

/** `1h30m`, `15m`, `45s`, `2h` for milliseconds (whole seconds). */
export function formatDuration(ms: number): string {
  const total = Math.round(ms / 1000);
  const [h, m, s] = [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60];
  return `${h ? `${h}h` : ""}${m ? `${m}m` : ""}${s || total === 0 ? `${s}s` : ""}`;
}

/** The reader of each `--from` source. */
import { readKumaBackup } from "./kuma-backup";
import type { SourceName, SourceRead } from "./source";
import { readTerraformState } from "./terraform-state";
import { readUptimeRobotCsv } from "./uptimerobot-csv";

/** Reads `text` (the file `file`) as `source`; a malformed input throws a MigrateInputError. */
export function readSource(source: SourceName, text: string, file: string): SourceRead {
  if (source === "terraform-state") return readTerraformState(text, file);
  if (source === "uptimerobot-csv") return readUptimeRobotCsv(text, file);
  return readKumaBackup(text, file);
}

/**
 * The AWS shared config and credentials files (`~/.aws/config`, `~/.aws/credentials`, or
 * AWS_CONFIG_FILE and AWS_SHARED_CREDENTIALS_FILE), merged for one profile as the AWS SDK
 * reads them: the config file's `[profile NAME]` (`[default]` for the default profile), then
 * the credentials file's `[NAME]`, whose values win.
 */
import { existsSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

/** One profile's settings, names lower-cased; undefined when neither file has it. */
export type AwsProfile = Record<string, string>;

interface AwsFiles {
  config: string;
  credentials: string;
}

/** Where the two files are for `env`. */
export function awsFiles(env: NodeJS.ProcessEnv): AwsFiles {
  const home = env.HOME || env.USERPROFILE || homedir();
  return {
    config: env.AWS_CONFIG_FILE || join(home, ".aws", "config"),
    credentials: env.AWS_SHARED_CREDENTIALS_FILE || join(home, ".aws", "credentials"),
  };
}

/** The settings of profile `name` in `files`, or undefined when neither has it. */
export function readProfile(files: AwsFiles, name: string): AwsProfile | undefined {
  const config = sections(files.config);
  const credentials = sections(files.credentials);
  const fromConfig =
    name === "default" ? (config.get("default") ?? config.get("profile default")) : config.get(`profile ${name}`);
  const fromCredentials = credentials.get(name);
  if (!fromConfig && !fromCredentials) return undefined;
  return { ...fromConfig, ...fromCredentials };
}

/** The sections of an INI file; a missing file has none. Indented lines (sub-settings such as `s3 =`) are skipped. */
function sections(path: string): Map<string, AwsProfile> {
  const found = new Map<string, AwsProfile>();
  if (!existsSync(path)) return found;
  let current: AwsProfile | undefined;
  for (const raw of readFileSync(path, "utf8").split(/\r?\n/)) {
    if (/^\s*([#;]|$)/.test(raw)) continue;
    const header = /^\s*\[\s*([^\]]+?)\s*\]/.exec(raw);
    if (header) {
      const name = header[1].replace(/\s+/g, " ");
      current = found.get(name) ?? {};
      found.set(name, current);
      continue;
    }
    if (!current || /^\s/.test(raw)) continue;
    const eq = raw.indexOf("=");
    if (eq > 0) current[raw.slice(0, eq).trim().toLowerCase()] = raw.slice(eq + 1).trim();
  }
  return found;
}

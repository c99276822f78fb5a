/**
 * The seed of the fuzz and property tests. In the suites CI runs it comes from the commit,
 * so a rerun of one commit draws the same cases (a landing is not decided by a draw) while
 * each new commit explores new ones:
 *
 * - `FUZZ_SEED` (a whole number from 0 to 2^31 - 1) when set: replays a printed seed, and is
 *   how `npm run fuzz` (scripts/fuzz.js) runs the same tests with a fresh random seed;
 * - else `git rev-parse HEAD` of this checkout, hashed to 31 bits;
 * - else (not a git checkout, e.g. an unpacked tarball) package.json's version with a fixed
 *   salt, hashed the same way.
 *
 * fast-check takes it as its global seed (test/support/fast-check-seed.ts, a setup file of
 * the suites without the engine) and prints it with any counterexample; other tests put
 * {@link seedNote} in their titles or assertion messages.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";

const REPO = join(__dirname, "..", "..");
/** Mixed into what is hashed, so the seed is not simply the commit's first bits. */
export const SALT = "pulumi-uptime fuzz seed v1";

/** Where the seed came from, for messages: "FUZZ_SEED", "commit <sha>" or "version <v>". */
export interface FuzzSeed {
  seed: number;
  source: string;
}

/** The first 31 bits of the SHA-256 of `text`, as a non-negative integer. */
export function seedOf(text: string): number {
  return createHash("sha256").update(text).digest().readUInt32BE(0) >>> 1;
}

/** Parses FUZZ_SEED; throws on anything but a whole number in [0, 2^31). */
export function parseSeed(raw: string): number {
  if (!/^\d+$/.test(raw) || Number(raw) > 0x7fffffff)
    throw new Error(`FUZZ_SEED must be a whole number from 0 to 2147483647, got "${raw}"`);
  return Number(raw);
}

/** The seed `env` gives (FUZZ_SEED), else the commit's, else the version's. */
export function seedFrom(env: NodeJS.ProcessEnv): FuzzSeed {
  const raw = env.FUZZ_SEED;
  if (raw !== undefined && raw !== "") return { seed: parseSeed(raw), source: "FUZZ_SEED" };
  try {
    const sha = execFileSync("git", ["rev-parse", "HEAD"], {
      cwd: REPO,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
    if (/^[0-9a-f]{40,64}$/.test(sha)) return { seed: seedOf(`${SALT}\n${sha}`), source: `commit ${sha.slice(0, 12)}` };
  } catch {
    // not a git checkout (or no git): the version below
  }
  const { version } = JSON.parse(readFileSync(join(REPO, "package.json"), "utf8")) as { version: string };
  return { seed: seedOf(`${SALT}\nversion ${version}`), source: `version ${version}` };
}

let cached: FuzzSeed | undefined;

/** This run's seed and its source (computed once per process). */
export function fuzzSeed(): FuzzSeed {
  return (cached ??= seedFrom(process.env));
}

/** "seed 123 from commit abc…; FUZZ_SEED=123 replays it": for titles and failure messages. */
export function seedNote(): string {
  const { seed, source } = fuzzSeed();
  return `seed ${seed} from ${source}; FUZZ_SEED=${seed} replays it`;
}

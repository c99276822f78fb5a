// Maven as this project runs it: with its own local repository, .tools/maven/repository
// (git-ignored, kept per machine like the Go tools), never the user's ~/.m2; offline when
// that repository already holds what a build needs, so a warm run downloads nothing.
//
// A fresh clone starts from a per-machine copy of what earlier checkouts downloaded
// (~/.cache/pulumi-uptime/maven-repository, like Go's module cache), and a run that had to
// download puts what it fetched back there. This project's own SDK jar is never shared: each
// checkout installs its own, so two checkouts of different SDKs cannot see each other's.
//
// Used by `npm run sdks` (installs the Java SDK's jar there) and by the end-to-end suite
// (builds examples/java, and points the Java language host's Maven runs at it).
const { execFile } = require("node:child_process");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const { promisify } = require("node:util");

const run = promisify(execFile);

const ROOT = path.resolve(__dirname, "..");
/** The project-local Maven repository. */
const MAVEN_REPO = path.join(ROOT, ".tools", "maven", "repository");
/** The per-machine copy of third-party artifacts that seeds a new checkout's repository. */
const MACHINE_CACHE = path.join(
  process.env.XDG_CACHE_HOME || path.join(os.homedir(), ".cache"),
  "pulumi-uptime",
  "maven-repository",
);
/** This project's own artifacts (the Java SDK), kept out of the per-machine copy. */
const OWN_GROUP = path.join("io", "github", "pulumiuptime");

/** Seeds an empty project repository from the per-machine copy, if there is one. */
function seedFromMachineCache() {
  if (fs.existsSync(MAVEN_REPO) || !fs.existsSync(MACHINE_CACHE)) return;
  fs.mkdirSync(path.dirname(MAVEN_REPO), { recursive: true });
  fs.cpSync(MACHINE_CACHE, MAVEN_REPO, { recursive: true });
}

/** Copies what the project repository holds, but this project's own artifacts, to the per-machine copy. */
function saveToMachineCache() {
  fs.mkdirSync(MACHINE_CACHE, { recursive: true });
  fs.cpSync(MAVEN_REPO, MACHINE_CACHE, {
    recursive: true,
    filter: (src) => !path.relative(MAVEN_REPO, src).startsWith(OWN_GROUP),
  });
}

/**
 * The environment of a Maven run, or of a Pulumi command whose Java language host runs
 * Maven: MAVEN_OPTS carries the local repository (the host's own `mvn` command lines
 * cannot be changed).
 */
function mavenEnv(env = process.env) {
  const opts = `-Dmaven.repo.local=${MAVEN_REPO}`;
  return { ...env, MAVEN_OPTS: env.MAVEN_OPTS ? `${env.MAVEN_OPTS} ${opts}` : opts };
}

/**
 * Runs `mvn <goals>` in `dir`: offline first, then, if that fails (something is not in the
 * repository yet), online. Resolves to "offline" or "online"; rejects with Maven's output
 * when the online run fails too.
 */
async function runMaven(dir, goals) {
  const base = ["-B", "--no-transfer-progress", ...goals];
  const opts = { cwd: dir, env: mavenEnv(), maxBuffer: 64 * 1024 * 1024, timeout: 900_000 };
  seedFromMachineCache();
  try {
    await run("mvn", ["-o", "-q", ...base], opts);
    return "offline";
  } catch {
    // Not everything is cached yet (a cold machine, or a changed pom): fetch it.
  }
  try {
    await run("mvn", base, opts);
  } catch (err) {
    const out = `${err.stdout ?? ""}${err.stderr ?? ""}`;
    if (err.code === "ENOENT")
      throw new Error("`mvn` not found on PATH: install Maven (Debian: `apt-get install maven`) and a JDK 11+.");
    throw new Error(`mvn ${base.join(" ")} failed in ${dir}:\n${out.slice(-8000)}`);
  }
  saveToMachineCache();
  return "online";
}

module.exports = { MACHINE_CACHE, MAVEN_REPO, mavenEnv, runMaven };

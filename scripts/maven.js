// Maven as this project runs it: with its own local repository, .tools/maven/repository
// (git-ignored, kept per machine like the Go tools), never the user's ~/.m2; offline when
// that repository already holds what a build needs, so a warm run downloads nothing.
//
// Used by `npm run sdks` (installs the Java SDK's jar there) and by the end-to-end suite
// (builds examples/java, and points the Java language host's Maven runs at it).
const { execFile } = require("node:child_process");
const path = require("node:path");
const { promisify } = require("node:util");

const run = promisify(execFile);

const ROOT = path.resolve(__dirname, "..");
/** The project-local Maven repository. */
const MAVEN_REPO = path.join(ROOT, ".tools", "maven", "repository");

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
    if (err.code === "ENOENT") throw new Error("`mvn` not found on PATH: install Maven (Debian: `apt-get install maven`) and a JDK 11+.");
    throw new Error(`mvn ${base.join(" ")} failed in ${dir}:\n${out.slice(-8000)}`);
  }
  return "online";
}

module.exports = { MAVEN_REPO, mavenEnv, runMaven };

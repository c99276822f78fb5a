/**
 * Preloaded (`NODE_OPTIONS=--require …`) into the engine's node processes by B9 when
 * BENCH_FLEET_CPU_PROFILE is set: node refuses `--cpu-prof` in NODE_OPTIONS, so the V8
 * profiler is driven through the inspector instead. The engine stops its plugins without
 * waiting for them, so a profile written at exit would be lost: each process writes one
 * profile a second instead (`<role>-<pid>-<n>.cpuprofile` in BENCH_CPU_PROFILE_DIR), losing
 * at most its last second. bench/src/cpu-profile-summary.ts adds them up.
 */
import { Session } from "node:inspector";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const dir = process.env.BENCH_CPU_PROFILE_DIR;
const script = process.argv[1] ?? "";
const role = /dynamic-provider/.test(script)
  ? "provider"
  : /cmd[\\/]run-policy-pack\b|run-compiled-policy-pack\.js$/.test(script)
    ? "pack"
    : /cmd[\\/]run\b/.test(script)
      ? "program"
      : undefined;

if (dir && role) {
  mkdirSync(dir, { recursive: true });
  const session = new Session();
  session.connect();
  let n = 0;
  const start = () => {
    session.post("Profiler.enable");
    session.post("Profiler.setSamplingInterval", { interval: 500 });
    session.post("Profiler.start");
  };
  start();
  const timer = setInterval(() => {
    session.post("Profiler.stop", (err, result) => {
      if (!err) writeFileSync(join(dir, `${role}-${process.pid}-${n++}.cpuprofile`), JSON.stringify(result.profile));
      start();
    });
  }, 1000);
  timer.unref();
}

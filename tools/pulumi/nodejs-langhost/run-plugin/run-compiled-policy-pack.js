// Installed beside the Node.js language host built here (run_plugin.go starts it) for a policy
// pack whose PulumiPolicy.yaml sets `runtime.options.typescript: false`, as a program's
// Pulumi.yaml can. It does what @pulumi/pulumi/cmd/run-policy-pack does, with that SDK's own
// run.js, except that it does not load TypeScript and ts-node (about 0.25 s) for a pack that is
// JavaScript already: the SDK's entry always loads them (pulumi/pulumi#4830), and every preview
// with the pack waits for the pack to start.
//
// usage: node run-compiled-policy-pack.js <@pulumi/pulumi/cmd/run-policy-pack/run.js> <engine> <pack>
"use strict";

const path = require("path");

const [runModule, ...args] = process.argv.slice(2);
const sdkDir = path.resolve(path.dirname(runModule), "..", "..");
const fromSdk = (id) => require(require.resolve(id, { paths: [sdkDir] }));

fromSdk("source-map-support/register");

// As the SDK's entry does: an error nobody reported still fails the process, and one the pack
// already reported through the engine's log exits with 32, which tells the host to add nothing.
const uncaught = new Set();
const reported = new Set();
let running = false;
const onUncaught = (err) => {
  uncaught.add(err);
  if (!running) console.error((err && (err.stack || err.message)) || String(err));
};
process.on("uncaughtException", onUncaught);
process.on("unhandledRejection", onUncaught);
process.on("exit", (code) => {
  if (code !== 0 || uncaught.size === 0) return;
  process.exitCode = [...uncaught].every((err) => reported.has(err)) ? 32 : 1;
});

const argv = fromSdk("minimist")(args, {});
if (argv._.length < 2) {
  console.error("usage: run-compiled-policy-pack.js <run-policy-pack/run.js> <engine-address> <policy-pack>");
  process.exit(-1);
}
argv._.shift(); // the engine's address, which the SDK's entry drops too (a pack does not use it)

require(path.join(sdkDir, "runtime", "closure", "v8Hooks"))
  .isInitializedAsync()
  .then(() =>
    require(runModule).run({
      argv,
      programStarted: () => {
        running = true;
      },
      reportLoggedError: (err) => reported.add(err),
      typeScript: false,
    }),
  )
  .then(() => {
    running = false;
  });

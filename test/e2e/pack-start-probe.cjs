// Preloaded (NODE_OPTIONS=--require) into the node processes of a preview. In the policy pack's
// process only, at its first output (the port it serves on, printed once it has loaded), it
// writes to UPTIME_PACK_PROBE which entry started the process and whether TypeScript and the
// SDK's automation API were loaded by then.
"use strict";
const fs = require("fs");

const out = process.env.UPTIME_PACK_PROBE;
const entry = process.argv[1] || "";
const isPack = /run-compiled-policy-pack\.js$|[\\/]cmd[\\/]run-policy-pack([\\/]index\.js)?$/.test(entry);

if (out && isPack) {
  const write = process.stdout.write;
  let written = false;
  process.stdout.write = function (...args) {
    if (!written) {
      written = true;
      const loaded = (re) => Object.keys(require.cache).some((file) => re.test(file));
      fs.writeFileSync(
        out,
        JSON.stringify({
          entry,
          // node_modules/typescript/lib/typescript.js, or the SDK's vendored typescript@x/typescript.js
          typescript: loaded(/[\\/]typescript(@[^\\/]*)?[\\/](lib[\\/])?typescript\.js$/),
          automation: loaded(/[\\/]@pulumi[\\/]pulumi[\\/]automation[\\/]index\.js$/),
        }),
      );
    }
    return write.apply(this, args);
  };
}

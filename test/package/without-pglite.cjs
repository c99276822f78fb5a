// Preloaded with `node --require`: makes @electric-sql/pglite impossible to resolve, as in
// an install that left the optional peer dependency out, and on exit prints (as JSON on
// the last line of stdout) which modules of dist/server/ were loaded.
"use strict";
const Module = require("node:module");
const path = require("node:path");

const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (request === "@electric-sql/pglite" || request.startsWith("@electric-sql/pglite/")) {
    const err = new Error(`Cannot find module '${request}'`);
    err.code = "MODULE_NOT_FOUND";
    throw err;
  }
  return resolve.call(this, request, ...rest);
};
process.on("exit", () => {
  const server = Object.keys(require.cache).filter((f) => f.includes(`${path.sep}dist${path.sep}server${path.sep}`));
  process.stdout.write(`\n${JSON.stringify({ serverModules: server })}\n`);
});

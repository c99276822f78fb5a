// The layering of src/, held by `npm run lint` (dependency-cruiser). CONTRIBUTING.md
// ("Layers") says the same in words: change both together. Type-only imports count: a
// layer that names another's types depends on it just the same.
//
// From the bottom: util, then schemas, then client, then runtime, then the two doors
// (dynamic, plugin) and what sits beside them; the commands (cli) and the dev-only code
// (generate, demo) on top, imported by nothing else. The local server (server) is the
// service's stand-in, so it shares the schemas and little else with the provider.
"use strict";

/** A rule that `from` (a folder of src) imports only the folders named in `to`. */
function onlyImports(name, comment, from, to) {
  return {
    name,
    comment,
    severity: "error",
    from: { path: `^src/${from}/` },
    to: { path: "^src/", pathNot: `^src/(${[from, ...to].join("|")})/` },
  };
}

/** A rule that nothing outside `folder` (or `allowed`) imports it. */
function importedByNone(name, comment, folder, allowed = []) {
  return {
    name,
    comment,
    severity: "error",
    from: { path: "^src/", pathNot: `^src/(${[folder, ...allowed].join("|")})/` },
    to: { path: `^src/${folder}/` },
  };
}

module.exports = {
  forbidden: [
    {
      name: "no-cycle",
      comment: "An import cycle in src: break it by moving what both sides need into a lower layer.",
      severity: "error",
      from: { path: "^src/" },
      to: { circular: true },
    },
    onlyImports("util-imports-only-util", "util is the bottom layer: it imports no other folder of src.", "util", []),
    onlyImports(
      "schemas-import-only-util",
      "schemas (the single source of the fields) import only zod and util.",
      "schemas",
      ["util"],
    ),
    onlyImports(
      "client-imports-only-schemas-and-util",
      "The API client knows nothing of Pulumi: no runtime, door, server or command.",
      "client",
      ["schemas", "util"],
    ),
    onlyImports(
      "openapi-imports-only-schemas-and-util",
      "The OpenAPI description is read from the schemas alone.",
      "openapi",
      ["schemas", "util"],
    ),
    onlyImports(
      "runtime-imports-only-client-schemas-util",
      "The engine-neutral runtime imports neither door, nor the server, the functions or a command.",
      "runtime",
      ["client", "schemas", "util"],
    ),
    onlyImports(
      "report-imports-only-client-schemas-util",
      "The availability report (figures, reads) is shared by the report command and getMonitorReport: engine-neutral.",
      "report",
      ["client", "schemas", "util"],
    ),
    onlyImports(
      "functions-import-only-runtime-and-below",
      "The functions (getMonitor, …) are shared by both doors, so they import neither.",
      "functions",
      ["runtime", "report", "client", "schemas", "util"],
    ),
    onlyImports(
      "dynamic-imports-only-functions-runtime-and-below",
      "The dynamic provider's door stands on the runtime; it imports nothing of the plugin's door, the server or a tool.",
      "dynamic",
      ["functions", "runtime", "client", "schemas", "util"],
    ),
    onlyImports(
      "plugin-imports-only-functions-runtime-and-below",
      "The provider plugin's door stands on the runtime; it imports nothing of the dynamic door, the server or a tool.",
      "plugin",
      ["functions", "runtime", "client", "schemas", "util"],
    ),
    onlyImports(
      "gitops-imports-only-the-library",
      "The monitors file builds the dynamic door's Monitor arguments; it imports no command, server or plugin.",
      "gitops",
      ["dynamic", "runtime", "schemas", "util"],
    ),
    onlyImports(
      "probe-imports-only-util",
      "The probe (one check of a URL) is shared by the local server and the test command: it imports util, and the client's network rules (proxy, CAs) so that checks go out as the API calls do.",
      "probe",
      ["client", "schemas", "util"],
    ),
    onlyImports(
      "stack-imports-only-runtime-and-below",
      "Reading a Pulumi stack needs the settings and the secret envelope, nothing of a door, the server or a command.",
      "stack",
      ["runtime", "client", "schemas", "util"],
    ),
    importedByNone(
      "export-is-imported-by-the-cli-and-migrate-only",
      "The export is a subcommand's work; migrate writes its programs with export's plan and writers.",
      "export",
      ["cli", "migrate"],
    ),
    importedByNone("migrate-is-imported-by-the-cli-only", "Migrating is a subcommand's work.", "migrate", ["cli"]),
    importedByNone("maintenance-is-imported-by-the-cli-only", "Maintenance is a subcommand's work.", "maintenance", [
      "cli",
    ]),
    importedByNone("audit-is-imported-by-the-cli-only", "The audit is a subcommand's work.", "audit", ["cli"]),
    importedByNone(
      "test-command-is-imported-by-the-cli-only",
      "The test command's verdicts are a subcommand's work.",
      "test-command",
      ["cli"],
    ),
    {
      name: "server-imports-nothing-of-the-provider",
      comment:
        "The local server stands in for the service: it imports no runtime, door, function, command or tool of the provider.",
      severity: "error",
      from: { path: "^src/server/" },
      to: {
        path: "^src/(runtime|dynamic|plugin|functions|gitops|stack|export|audit|test-command|report|cli|generate|demo)/|^src/index\\.ts$",
      },
    },
    importedByNone("cli-is-imported-by-none", "The command line is a top: nothing below imports it.", "cli"),
    importedByNone(
      "generate-is-imported-by-none",
      "The generators are dev-only (not shipped): nothing else imports them.",
      "generate",
    ),
    importedByNone("demo-is-imported-by-none", "The demo is dev-only (not shipped): nothing else imports it.", "demo"),
    {
      name: "index-is-imported-by-the-demo-only",
      comment: "src/index.ts is the public API: code inside the package imports the module it needs, not the index.",
      severity: "error",
      from: { path: "^src/", pathNot: "^src/demo/" },
      to: { path: "^src/index\\.ts$" },
    },
    {
      name: "shipped-code-imports-no-dev-dependency",
      comment: "A devDependency is not installed for users: shipped code may import dependencies and peers only.",
      severity: "error",
      from: { path: "^src/", pathNot: "^src/(generate|demo)/" },
      to: { dependencyTypes: ["npm-dev"], dependencyTypesNot: ["npm-peer", "type-only"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)dist/" },
    tsPreCompilationDeps: true,
    moduleSystems: ["cjs", "es6"],
    cache: { folder: "node_modules/.cache/dependency-cruiser", strategy: "content" },
  },
};

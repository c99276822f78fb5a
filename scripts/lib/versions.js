/**
 * The version every part of a release claims, read where each part keeps it, so that the
 * release fails when any two disagree: package.json, schema.json, each SDK's own manifest
 * and the plugin it names (pulumi-plugin.json), and the plugin itself (GetPluginInfo of the
 * built executable for this machine).
 */
"use strict";
const { spawn } = require("node:child_process");
const fs = require("node:fs");
const path = require("node:path");

const ROOT = path.resolve(__dirname, "..", "..");
/** Where the Java SDK keeps its version and the plugin it names. */
const JAVA_RESOURCES = "sdk/java/src/main/resources/io/github/pulumiuptime/uptime";

/** [where, version] of every file under `root` (the checkout) that states the version. */
function declaredVersions(root = ROOT) {
  const read = (rel) => fs.readFileSync(path.join(root, rel), "utf8");
  const json = (rel) => JSON.parse(read(rel));
  const toml = read("sdk/python/pyproject.toml").match(/^\s*version\s*=\s*"([^"]+)"/m);
  const csproj = read("sdk/dotnet/PulumiUptime.Uptime.csproj").match(/<Version>([^<]+)<\/Version>/);
  // The project's own version: the first <version> after its <artifactId> (before any dependency).
  const pom = read("sdk/java/pom.xml").match(/<artifactId>uptime<\/artifactId>\s*<version>([^<]+)<\/version>/);
  return [
    ["package.json", json("package.json").version],
    ["schema.json", json("schema.json").version],
    ["sdk/nodejs/package.json", json("sdk/nodejs/package.json").version],
    ["sdk/nodejs/package.json (pulumi.version)", json("sdk/nodejs/package.json").pulumi?.version],
    ["sdk/python/pyproject.toml", toml?.[1]],
    ["sdk/python/pulumi_uptime/pulumi-plugin.json", json("sdk/python/pulumi_uptime/pulumi-plugin.json").version],
    ["sdk/go/uptime/pulumi-plugin.json", json("sdk/go/uptime/pulumi-plugin.json").version],
    ["sdk/dotnet/version.txt", read("sdk/dotnet/version.txt").trim()],
    ["sdk/dotnet/PulumiUptime.Uptime.csproj", csproj?.[1]],
    ["sdk/dotnet/pulumi-plugin.json", json("sdk/dotnet/pulumi-plugin.json").version],
    ["sdk/java/pom.xml", pom?.[1]],
    [`${JAVA_RESOURCES}/version.txt`, read(`${JAVA_RESOURCES}/version.txt`).trim()],
    [`${JAVA_RESOURCES}/plugin.json`, json(`${JAVA_RESOURCES}/plugin.json`).version],
  ];
}

/** The version the plugin executable reports over gRPC (GetPluginInfo), as the engine asks it. */
async function pluginVersion(executable) {
  const grpc = require("@grpc/grpc-js");
  const { ResourceProviderClient } = require("@pulumi/pulumi/proto/provider_grpc_pb");
  const { Empty } = require("google-protobuf/google/protobuf/empty_pb");
  const child = spawn(executable, [], { stdio: ["ignore", "pipe", "inherit"] });
  try {
    const port = await new Promise((resolve, reject) => {
      child.stdout.once("data", (b) => resolve(Number(b.toString().trim())));
      child.once("exit", (code) => reject(new Error(`${executable} exited ${code} before printing its port`)));
    });
    const client = new ResourceProviderClient(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
    const info = await new Promise((resolve, reject) =>
      client.getPluginInfo(new Empty(), (e, r) => (e ? reject(e) : resolve(r))),
    );
    client.close();
    return info.getVersion();
  } finally {
    child.kill();
  }
}

/** Throws listing every place whose version is not package.json's; returns the version. */
async function checkVersions(executable, root = ROOT) {
  const found = declaredVersions(root);
  if (executable)
    found.push([`plugin ${path.relative(ROOT, executable)} (GetPluginInfo)`, await pluginVersion(executable)]);
  const want = found[0][1];
  const wrong = found.filter(([, v]) => v !== want);
  if (wrong.length) {
    throw new Error(
      `versions disagree: package.json says ${want}, but ${wrong.map(([where, v]) => `${where} says ${v ?? "nothing"}`).join("; ")}. ` +
        "Set the version in package.json, then `npm run generate` (schema and SDKs) and `npm run release` again.",
    );
  }
  return want;
}

module.exports = { checkVersions, declaredVersions };

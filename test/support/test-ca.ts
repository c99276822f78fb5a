/**
 * A test CA made for one test file, and server certificates for 127.0.0.1 that it signs,
 * each valid for as many days as asked: to check https targets on loopback, including a
 * certificate that ends within a monitor's `sslAlertDays`. Made with the openssl command
 * (scripts/ensure-openssl.sh installs it where it is missing); the keys protect nothing.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import { join, resolve } from "node:path";

/** A certificate and its key, PEM. */
export interface TestCertificate {
  cert: string;
  key: string;
}

/** A test CA: its certificate (to trust), a file holding it, and a way to issue server certificates. */
export interface TestCa {
  cert: string;
  /** A file with the CA's certificate, for `--ca`. */
  certFile: string;
  /** A certificate for 127.0.0.1 and localhost, valid from now for `days` days. */
  issue(days: number): TestCertificate;
  dispose(): void;
}

let openssl: string | undefined;
function opensslPath(): string {
  openssl ??= execFileSync("bash", [resolve(__dirname, "../../scripts/ensure-openssl.sh")], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  }).trim();
  return openssl;
}

/** Makes a fresh CA in a temporary directory. */
export function makeTestCa(): TestCa {
  const bin = opensslPath();
  const dir = mkdtempSync(join(os.tmpdir(), "uptime-test-ca-"));
  const run = (args: string[]) => execFileSync(bin, args, { cwd: dir, stdio: ["ignore", "ignore", "pipe"] });
  run(
    ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca-key.pem", "-out", "ca.pem", "-days", "30"].concat([
      "-subj",
      "/CN=pulumi-uptime test CA",
      "-addext",
      "basicConstraints=critical,CA:TRUE",
    ]),
  );
  writeFileSync(
    join(dir, "server.ext"),
    "subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n",
  );
  let serial = 0;
  return {
    cert: readFileSync(join(dir, "ca.pem"), "utf8"),
    certFile: join(dir, "ca.pem"),
    issue(days) {
      const n = ++serial;
      run([
        "req",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-keyout",
        `s${n}-key.pem`,
        "-out",
        `s${n}.csr`,
        "-subj",
        "/CN=localhost",
      ]);
      run(
        ["x509", "-req", "-in", `s${n}.csr`, "-CA", "ca.pem", "-CAkey", "ca-key.pem", "-CAcreateserial"].concat([
          "-out",
          `s${n}.pem`,
          "-days",
          String(days),
          "-extfile",
          "server.ext",
        ]),
      );
      return {
        cert: readFileSync(join(dir, `s${n}.pem`), "utf8"),
        key: readFileSync(join(dir, `s${n}-key.pem`), "utf8"),
      };
    },
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}

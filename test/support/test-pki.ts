/**
 * A private CA made for one test file with openssl (scripts/ensure-openssl.sh installs it
 * where missing), and the certificates the TLS tests serve: one for loopback signed by the
 * CA, one that has expired, one for another host name, and a self-signed one; and more for
 * loopback on demand, each valid for as many days as asked (to check a certificate that
 * ends within a monitor's `sslAlertDays`). The keys protect nothing; they live in a
 * temporary directory until `dispose`.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

/** A certificate and its key, as files and as PEM text. */
export interface CertFiles {
  certFile: string;
  keyFile: string;
  cert: string;
  key: string;
}

/** The CA and the certificates it signed. */
export interface TestPki {
  dir: string;
  /** The CA's certificate (PEM file); trusting it makes `loopback` valid. */
  caFile: string;
  caPem: string;
  /** For localhost and 127.0.0.1, valid now. */
  loopback: CertFiles;
  /** For localhost and 127.0.0.1, expired in 2020. */
  expired: CertFiles;
  /** For other.invalid only. */
  otherHost: CertFiles;
  /** For localhost and 127.0.0.1, signed by itself. */
  selfSigned: CertFiles;
  /** A new certificate for localhost and 127.0.0.1, signed by the CA, valid from now for `days` days. */
  issueLoopback(days: number): CertFiles;
  /** Removes the directory. */
  dispose(): void;
}

const REPO = resolve(__dirname, "../..");
const LOOPBACK_SAN = "DNS:localhost,IP:127.0.0.1";

let openssl: string | undefined;

function run(args: string[], cwd: string): void {
  openssl ??= execFileSync("bash", [join(REPO, "scripts/ensure-openssl.sh")], { encoding: "utf8" }).trim();
  execFileSync(openssl, args, { cwd, stdio: ["ignore", "ignore", "pipe"] });
}

function files(dir: string, name: string): CertFiles {
  const certFile = join(dir, `${name}.pem`);
  const keyFile = join(dir, `${name}-key.pem`);
  return { certFile, keyFile, cert: readFileSync(certFile, "utf8"), key: readFileSync(keyFile, "utf8") };
}

/** Makes a CA and its certificates in a new temporary directory. */
export function makeTestPki(): TestPki {
  const dir = mkdtempSync(join(tmpdir(), "uptime-pki-"));
  const ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"];
  run(
    [
      "req",
      "-x509",
      ...ec,
      "-keyout",
      "ca-key.pem",
      "-out",
      "ca.pem",
      "-days",
      "3650",
      "-subj",
      "/CN=pulumi-uptime test CA",
      "-addext",
      "basicConstraints=critical,CA:TRUE",
      "-addext",
      "keyUsage=critical,keyCertSign,cRLSign",
    ],
    dir,
  );
  writeFileSync(join(dir, "index.txt"), "");
  writeFileSync(join(dir, "serial"), "1000\n");
  writeFileSync(
    join(dir, "ca.cnf"),
    [
      "[ca]",
      "default_ca = test",
      "[test]",
      `dir = ${dir}`,
      "database = $dir/index.txt",
      "new_certs_dir = $dir",
      "serial = $dir/serial",
      "default_md = sha256",
      "policy = any",
      "unique_subject = no",
      "[any]",
      "commonName = supplied",
      "[loopback]",
      "basicConstraints = CA:FALSE",
      `subjectAltName = ${LOOPBACK_SAN}`,
      "[other]",
      "basicConstraints = CA:FALSE",
      "subjectAltName = DNS:other.invalid",
      "",
    ].join("\n"),
  );
  const leaf = (name: string, section: string, dates: string[]) => {
    run(["req", "-new", ...ec, "-keyout", `${name}-key.pem`, "-out", `${name}.csr`, "-subj", `/CN=${name}`], dir);
    run(
      [
        "ca",
        "-batch",
        "-config",
        "ca.cnf",
        "-cert",
        "ca.pem",
        "-keyfile",
        "ca-key.pem",
        "-in",
        `${name}.csr`,
        "-out",
        `${name}.pem`,
        "-extensions",
        section,
        "-notext",
        ...dates,
      ],
      dir,
    );
  };
  leaf("loopback", "loopback", ["-days", "2"]);
  leaf("expired", "loopback", ["-startdate", "20200101000000Z", "-enddate", "20200102000000Z"]);
  leaf("other", "other", ["-days", "2"]);
  run(
    [
      "req",
      "-x509",
      ...ec,
      "-keyout",
      "self-key.pem",
      "-out",
      "self.pem",
      "-days",
      "2",
      "-subj",
      "/CN=localhost",
      "-addext",
      `subjectAltName=${LOOPBACK_SAN}`,
    ],
    dir,
  );
  let issued = 0;
  return {
    dir,
    caFile: join(dir, "ca.pem"),
    caPem: readFileSync(join(dir, "ca.pem"), "utf8"),
    loopback: files(dir, "loopback"),
    expired: files(dir, "expired"),
    otherHost: files(dir, "other"),
    selfSigned: files(dir, "self"),
    issueLoopback(days) {
      const name = `loopback-${++issued}`;
      leaf(name, "loopback", ["-days", String(days)]);
      return files(dir, name);
    },
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * An https target's certificate end date is recorded in `ssl_ends_at`. The target uses
 * the test-only certificate in test/support/tls (valid until 2126-10-30T11:18:02Z),
 * trusted through the `ca` check option; without it the certificate is not trusted, and
 * the check is down with the TLS error, as the service's checker would be.
 */
import { X509Certificate } from "node:crypto";
import { expect, test } from "vitest";
import { api, createMonitor } from "../../support/api";
import { startCheckingServer, type UptimeServer } from "../../support/server";
import { startTarget, TEST_TLS } from "../../support/targets";
import { formatServiceDate } from "../../../src/util/time";
import { fileFixture } from "../../support/file-fixture";

const target = fileFixture(() => startTarget({ tls: true }));

async function checkedWith(server: UptimeServer, url: string) {
  const m = await createMonitor(server, { url });
  await server.runChecks();
  return (await api(server, "GET", `/api/v1/monitors/${m.id}`)).body.data;
}

test("a trusted certificate: up, with its end date in ssl_ends_at", async () => {
  const server = await startCheckingServer({ checks: { ca: TEST_TLS.cert } });
  try {
    const end = formatServiceDate(Date.parse(new X509Certificate(TEST_TLS.cert).validTo));
    expect(end).toBe("2126-10-30T11:18:02.000000Z");
    expect(await checkedWith(server, `${target.url}/secure`)).toMatchObject({
      status: "online",
      check_result: "200 OK",
      ssl_ends_at: end,
    });
    // A plain http monitor has no certificate to report.
    const plain = await startTarget();
    try {
      expect(await checkedWith(server, `${plain.url}/`)).toMatchObject({ status: "online", ssl_ends_at: null });
    } finally {
      await plain.close();
    }
  } finally {
    await server.close();
  }
});

test("an untrusted certificate: down with the TLS error", async () => {
  const server = await startCheckingServer();
  try {
    const m = await checkedWith(server, `${target.url}/secure`);
    expect(m.status).toBe("offline");
    expect(m.check_result).toMatch(/self[- ]signed certificate/);
  } finally {
    await server.close();
  }
});

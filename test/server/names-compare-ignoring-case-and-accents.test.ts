/**
 * The service's database compares monitor names with a case- and accent-insensitive
 * collation (MySQL utf8mb4_unicode_ci): "API" blocks "api", "Café" blocks "CAFE", and a
 * name search finds every spelling. The local server compares the same way, in the
 * unique rule, in the monitor list's name search and in the incident list's monitor search.
 */
import { describe, expect, test } from "vitest";
import { api, createMonitor, expectRejected, monitorInput } from "../support/api";
import { startTestServer } from "../support/server";
import { fileFixture } from "../support/file-fixture";

const server = fileFixture(() => startTestServer());

const store = (name: string) => api(server, "POST", "/api/v1/monitors", { form: monitorInput({ name }) });

describe("names differing only in case or accents are one name", () => {
  test.each([
    ["Homepage", "HOMEPAGE"],
    ["Café status", "cafe STATUS"],
    ["Straße", "STRASSE"],
    ["Ångström", "angstrom"],
  ])("%s blocks %s on store", async (first, second) => {
    expect((await store(first)).status).toBe(201);
    const res = await store(second);
    expectRejected(res, { name: ["The name has already been taken."] });
  });

  test("an update may change the case of its own name, not take another's in another case", async () => {
    const a = await createMonitor(server, { name: "alpha" });
    await createMonitor(server, { name: "Beta" });
    const own = await api(server, "PATCH", `/api/v1/monitors/${a.id}`, { form: { name: "ALPHA" } });
    expect(own.status).toBe(200);
    expect(own.body.data.name).toBe("ALPHA");
    const other = await api(server, "PATCH", `/api/v1/monitors/${a.id}`, { form: { name: "béta" } });
    expectRejected(other, { name: ["The name has already been taken."] });
  });

  test("a name search finds every spelling; a url search ignores case", async () => {
    const m = await createMonitor(server, { name: "Zürich Edge", url: "https://Zurich.example.com/" });
    for (const search of ["zurich", "ZÜRICH EDGE", "rich ed"]) {
      const list = await api(server, "GET", `/api/v1/monitors?search=${encodeURIComponent(search)}`);
      expect(
        list.body.data.map((x: { id: number }) => x.id),
        search,
      ).toEqual([m.id]);
    }
    const byUrl = await api(
      server,
      "GET",
      `/api/v1/monitors?search_by=url&search=${encodeURIComponent("ZURICH.EXAMPLE")}`,
    );
    expect(byUrl.body.data.map((x: { id: number }) => x.id)).toEqual([m.id]);
  });

  test("the incident list's monitor search matches the monitor's name the same way", async () => {
    const m = await createMonitor(server, { name: "Résumé API" });
    const inc = await api(server, "POST", "/api/v1/incidents", {
      form: { monitor_id: m.id, started_at: "2024-01-01T10:00:00" },
    });
    expect(inc.status).toBe(201);
    const list = await api(server, "GET", `/api/v1/incidents?search_by=monitor&search=${encodeURIComponent("RESUME")}`);
    expect(list.body.data.map((x: { id: number }) => x.id)).toEqual([inc.body.data.id]);
  });
});

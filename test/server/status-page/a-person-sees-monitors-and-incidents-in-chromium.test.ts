/**
 * The status page in a real headless Chromium, as a person sees it: signing in at the
 * browser's Basic-auth prompt with the API key (the URL never carries it), the monitors
 * with their statuses, last check and response time, the incident the checker opened;
 * then, without a reload, the page catching up on its own when the failing target
 * recovers. A screenshot of each state is kept in test/.output/.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import type { Page } from "playwright-core";
import { createMonitor } from "../../support/api";
import { ensureChromium, openBrowser, outputFile } from "../../support/browser";
import { startCheckingServer, type UptimeServer } from "../../support/server";
import { startTarget, type Target } from "../../support/targets";

// The browser's own global, for the functions run in the page: the tests compile without the DOM's types.
declare function getComputedStyle(element: unknown): { backgroundColor: string };

const KEY = "status-page-browser-key";
let server: UptimeServer;
let healthy: Target;
let failing: Target;
beforeAll(async () => {
  ensureChromium();
  server = await startCheckingServer({ accounts: [{ apiKey: KEY, name: "ops" }] });
  healthy = await startTarget();
  failing = await startTarget();
  failing.failing(503);
  await createMonitor(server, { name: "Checkout API", url: `${healthy.url}/health`, interval: 60 }, KEY);
  await createMonitor(server, { name: "Search API", url: `${failing.url}/health`, interval: 300 }, KEY);
  await server.runChecks();
}, 900_000);
afterAll(async () => {
  await server?.close();
  await healthy?.close();
  await failing?.close();
});

/** The text a person reads in the monitor row named `name`, cell by cell. */
async function monitorRow(page: Page, name: string): Promise<string[]> {
  return page.locator("#monitors tbody tr", { hasText: name }).locator("td").allInnerTexts();
}

test("signed in with the key: names, statuses, last check, response time, and the incident", async () => {
  const browser = await openBrowser({ httpCredentials: { username: "ops", password: KEY } });
  try {
    const page = await browser.context.newPage();
    const res = await page.goto(`${server.url}/?refresh=1`);
    expect(res?.status()).toBe(200);
    expect(page.url()).not.toContain(KEY);
    expect(await page.title()).toBe("Uptime status: ops");

    const checkout = await monitorRow(page, "Checkout API");
    expect(checkout[0]).toContain("Checkout API");
    expect(checkout[1]).toBe("online");
    expect(checkout[2]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(checkout[3]).toMatch(/^\d+ ms$/);
    expect(checkout[4]).toBe("200 OK");
    const search = await monitorRow(page, "Search API");
    expect(search[1]).toBe("offline");
    expect(search[4]).toBe("503 Service Unavailable");

    const ongoing = await page.locator("#ongoing tbody tr").allInnerTexts();
    expect(ongoing).toHaveLength(1);
    expect(ongoing[0]).toMatch(/Search API\s+unresolved\s+\S+ \S+\s+ongoing\s+.*503 Service Unavailable/);
    expect(await page.locator("#no-resolved").innerText()).toBe("None.");
    // The status colours a person relies on are applied (the stylesheet ran under the CSP).
    const colour = await page
      .locator("#monitors tbody tr", { hasText: "Search API" })
      .locator(".status")
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(colour).toBe("rgb(253, 226, 225)");
    await page.screenshot({ path: outputFile("status-page-down.png"), fullPage: true });

    // The target recovers; the next round ends the incident; the open page shows it by itself.
    failing.healthy();
    await server.runChecks();
    await page
      .locator("#monitors tbody tr", { hasText: "Search API" })
      .locator(".status", { hasText: "online" })
      .waitFor({ timeout: 60_000 });
    expect(await page.locator("#no-ongoing").innerText()).toBe("None.");
    const recent = await page.locator("#incidents tbody tr").allInnerTexts();
    expect(recent).toHaveLength(1);
    expect(recent[0]).toMatch(/Search API\s+resolved/);
    expect(page.url()).toBe(`${server.url}/?refresh=1`);
    await page.screenshot({ path: outputFile("status-page-recovered.png"), fullPage: true });
  } finally {
    await browser.close();
  }
});

test("without the key the browser is asked to sign in and shows no monitor", async () => {
  const browser = await openBrowser();
  try {
    const page = await browser.context.newPage();
    // Headless, nobody can answer the Basic-auth prompt: the navigation ends there.
    await expect(page.goto(`${server.url}/`)).rejects.toThrow(/ERR_INVALID_AUTH_CREDENTIALS/);
    const res = await browser.context.request.get(`${server.url}/`);
    expect(res.status()).toBe(401);
    expect(res.headers()["www-authenticate"]).toMatch(/^Basic /);
    const text = await res.text();
    expect(text).toContain("API key as the password");
    expect(text).not.toContain("Checkout API");
  } finally {
    await browser.close();
  }
});

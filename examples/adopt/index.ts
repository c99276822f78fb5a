/**
 * Adoption: bring monitors that already exist (made by hand, by a script, or by another
 * tool) under management without deleting and re-creating them; their ids and history
 * stay. See README.md for the steps.
 */
import * as pulumi from "@pulumi/pulumi";
import * as uptime from "pulumi-uptime";

const config = new pulumi.Config();
const alerts: uptime.AlertArgs[] = [{ key: "email", value: config.get("alertEmail") ?? "web@example.com" }];

// By name: `adopt: true` takes over the monitor named exactly "Legacy: marketing site"
// and brings it to what is declared here. Names are unique per account, so the name is
// enough. When no such monitor exists, it is created.
const marketing = new uptime.Monitor("marketing", {
    name: "Legacy: marketing site",
    url: "https://www.example.com",
    interval: 300,
    sslAlertDays: 30,
    alerts,
    adopt: true,
});

// By id: `adoptId` takes over the monitor with that id, whatever it is called now, and
// renames it to the declared name. Useful when names were changed by hand or clash.
// Without `legacyStatusId` in the config, this one is adopted by name instead.
const legacyStatusId = config.getNumber("legacyStatusId");
const statusPage = new uptime.Monitor("status-page", {
    name: "Legacy: status page",
    url: "https://status.example.com",
    interval: 60,
    alertCondition: "url_no_text",
    alertTextLookup: "All systems operational",
    alerts,
    ...(legacyStatusId !== undefined ? { adoptId: legacyStatusId } : { adopt: true }),
});

export const adopted = {
    marketing: marketing.monitorId,
    statusPage: statusPage.monitorId,
};

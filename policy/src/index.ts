/**
 * The pulumi-uptime policy pack: `pulumi preview --policy-pack <checkout>/policy`, configured with
 * `--policy-pack-config <file.json>` (docs/standards-for-a-team.md).
 */
import { PolicyPack } from "@pulumi/policy";
import { asPolicy } from "./pack";
import { RULES } from "./rules";
import { recordSecretMarks } from "./secret-paths";

recordSecretMarks();

new PolicyPack("pulumi-uptime", {
  policies: RULES.map(asPolicy),
});

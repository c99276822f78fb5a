/**
 * The pulumi-uptime policy pack: `pulumi preview --policy-pack <checkout>/policy`, configured with
 * `--policy-pack-config <file.json>` (docs/standards-for-a-team.md).
 */
// First: the SDK below would load all of @pulumi/pulumi on start (see the file).
import "./sdk-index-on-demand";
import { PolicyPack } from "@pulumi/policy";
import { asPolicy } from "./pack";
import { declineRemediateUnlessUsed } from "./remediate-declined";
import { RULES } from "./rules";
import { recordSecretMarks } from "./secret-paths";

recordSecretMarks();

const policies = RULES.map(asPolicy);
declineRemediateUnlessUsed(policies);

new PolicyPack("pulumi-uptime", { policies });

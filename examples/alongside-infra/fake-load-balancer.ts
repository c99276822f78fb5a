/**
 * Stand-in for real infrastructure: a "load balancer" whose DNS name is known only once
 * it exists, as with a cloud provider's load balancer, but created offline by a tiny
 * dynamic provider (no cloud account needed). In a real program this would be, say,
 * `new aws.lb.LoadBalancer(...)` and its `dnsName` output.
 */
import * as pulumi from "@pulumi/pulumi";

/** Inputs of {@link FakeLoadBalancer}. */
export interface FakeLoadBalancerArgs {
    /** Name of the service behind it; part of the DNS name. */
    serviceName: pulumi.Input<string>;
    /** Region; part of the DNS name. */
    region: pulumi.Input<string>;
}

interface LbInputs {
    serviceName: string;
    region: string;
}

const provider: pulumi.dynamic.ResourceProvider = {
    async create(inputs: LbInputs) {
        // A cloud provider would return a generated name; this one is derived so that it
        // stays the same across runs, but the program still only learns it after create.
        const dnsName = `${inputs.serviceName}-lb.${inputs.region}.elb.example.com`;
        return { id: dnsName, outs: { serviceName: inputs.serviceName, region: inputs.region, dnsName } };
    },
    async diff(_id: string, olds: LbInputs, news: LbInputs) {
        const replaces = (["serviceName", "region"] as const).filter((k) => olds[k] !== news[k]);
        return { changes: replaces.length > 0, replaces, deleteBeforeReplace: false };
    },
    async delete() {
        // Nothing to release.
    },
};

/** A load balancer whose `dnsName` output is the address of the service. */
export class FakeLoadBalancer extends pulumi.dynamic.Resource {
    /** The load balancer's DNS name, e.g. `shop-lb.eu-west-1.elb.example.com`. */
    declare readonly dnsName: pulumi.Output<string>;

    constructor(name: string, args: FakeLoadBalancerArgs, opts?: pulumi.CustomResourceOptions) {
        super(provider, name, { ...args, dnsName: undefined }, opts, "examples", "FakeLoadBalancer");
    }
}

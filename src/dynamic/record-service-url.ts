/**
 * The dynamic door writes into each resource's outputs the service it was created or updated
 * on (SERVICE_URL_KEY). Its settings come from the stack's config or the environment when the
 * provider runs, and a state holds neither, so without this record `pulumi-uptime audit`
 * could not tell a resource of another account from one of the audited account.
 */
import type { CreateResult, ReadResult, UpdateResult } from "@pulumi/pulumi/dynamic";
import { SERVICE_URL_KEY } from "../runtime/keys";
import { serviceUrlForState } from "../runtime/service-url";
import type { Bag } from "../runtime/operations";

type Writes = {
  create(news: Bag): Promise<CreateResult>;
  read(id: string, props?: Bag): Promise<ReadResult>;
  update(id: string, olds: Bag, news: Bag): Promise<UpdateResult>;
};

/**
 * `ops` whose create and update record `baseUrl()` (the client's, read after the write
 * succeeded), and whose read keeps the record a state already has. A read never adds one:
 * reading an id proves nothing about which account created it, and a refresh of a state
 * from before the record stays without changes.
 */
export function recordingServiceUrl<T extends Writes>(ops: T, baseUrl: () => string): T {
  const stamp = (outs: Bag | undefined): Bag => {
    const url = serviceUrlForState(baseUrl());
    return url ? { ...outs, [SERVICE_URL_KEY]: url } : { ...outs };
  };
  return {
    ...ops,
    create: async (news: Bag) => {
      const r = await ops.create(news);
      return { ...r, outs: stamp(r.outs as Bag | undefined) };
    },
    update: async (id: string, olds: Bag, news: Bag) => {
      const r = await ops.update(id, olds, news);
      return { ...r, outs: stamp(r.outs as Bag | undefined) };
    },
    read: async (id: string, props?: Bag) => {
      const r = await ops.read(id, props);
      const kept = props?.[SERVICE_URL_KEY];
      // A monitor gone from the service (`id: ""`) keeps nothing.
      if (typeof kept !== "string" || !r.id || !r.props) return r;
      return { ...r, props: { ...r.props, [SERVICE_URL_KEY]: kept } };
    },
  };
}

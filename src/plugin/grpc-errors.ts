/**
 * Errors as the engine reads them over gRPC. A resource the service stored but that could
 * not be brought to its declared state (the runtime's error carries `id` and `properties`)
 * goes back as `ErrorResourceInitFailed` in the status details, so that the engine records
 * it (no orphan) and the next `up` finishes it.
 */
import * as grpc from "@grpc/grpc-js";
import { Any } from "google-protobuf/google/protobuf/any_pb";
import { ErrorResourceInitFailed } from "@pulumi/pulumi/proto/provider_pb";
import { Status } from "@pulumi/pulumi/proto/status_pb";
import { toStruct, type Bag } from "./wire";

/** What the runtime attaches to an error when the resource exists anyway. */
interface InitFailure {
  id?: string;
  properties?: Bag;
  reasons?: string[];
}

/**
 * The gRPC error for `err`. `present` turns the runtime's properties into what state may
 * hold (internal keys dropped, secret properties wrapped).
 */
export function grpcError(
  err: unknown,
  present: (props: Bag) => { bag: Bag; secrets: Iterable<string> } = (b) => ({ bag: b, secrets: [] }),
): Partial<grpc.StatusObject> {
  const message = err instanceof Error ? err.message : String(err);
  const failed = (err ?? {}) as InitFailure;
  const metadata = new grpc.Metadata();
  if (failed.id && failed.properties) {
    const shown = present(failed.properties);
    const detail = new ErrorResourceInitFailed();
    detail.setId(failed.id);
    detail.setProperties(toStruct(shown.bag, shown.secrets));
    detail.setReasonsList(failed.reasons ?? [message]);
    const any = new Any();
    any.pack(detail.serializeBinary(), "pulumirpc.ErrorResourceInitFailed");
    const status = new Status();
    status.setCode(grpc.status.UNKNOWN);
    status.setMessage(message);
    status.addDetails(any);
    metadata.add("grpc-status-details-bin", Buffer.from(status.serializeBinary()));
  }
  return { code: grpc.status.UNKNOWN, details: message, metadata };
}

/** The answer to an RPC this provider does not implement. */
export function unimplemented(what: string): Partial<grpc.StatusObject> {
  return { code: grpc.status.UNIMPLEMENTED, details: `the uptime provider does not implement ${what}` };
}

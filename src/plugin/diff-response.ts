/**
 * The runtime's diff as a `DiffResponse`: the changed properties by name, and for each a
 * detailed diff (added, deleted or updated; in place or by replacement), so that
 * `preview --diff` marks `~ alerts` even while the value itself shows as `[secret]`.
 */
import { DiffResponse, PropertyDiff } from "@pulumi/pulumi/proto/provider_pb";
import type { PropertyChanges } from "../runtime/changes";
import { isEmpty } from "../runtime/comparison";
import type { Bag } from "./wire";

function kindOf(key: string, olds: Bag, news: Bag, replaces: boolean): PropertyDiff.Kind {
  const K = PropertyDiff.Kind;
  if (isEmpty(olds[key])) return replaces ? K.ADD_REPLACE : K.ADD;
  if (isEmpty(news[key])) return replaces ? K.DELETE_REPLACE : K.DELETE;
  return replaces ? K.UPDATE_REPLACE : K.UPDATE;
}

/** The response for `changes` between old outputs and new inputs. */
export function diffResponse(changes: PropertyChanges, olds: Bag, news: Bag): DiffResponse {
  const resp = new DiffResponse();
  resp.setChanges(changes.changed.length ? DiffResponse.DiffChanges.DIFF_SOME : DiffResponse.DiffChanges.DIFF_NONE);
  resp.setDiffsList(changes.changed);
  resp.setReplacesList(changes.replaces);
  resp.setDeletebeforereplace(changes.deleteBeforeReplace);
  resp.setHasdetaileddiff(true);
  const detailed = resp.getDetaileddiffMap();
  for (const key of changes.changed) {
    const d = new PropertyDiff();
    d.setKind(kindOf(key, olds, news, changes.replaces.includes(key)));
    // Compared with the old inputs, which is what a reader of the program changed.
    d.setInputdiff(true);
    detailed.set(key, d);
  }
  return resp;
}

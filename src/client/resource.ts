/**
 * The five operations every resource of the API has (list, show, store, update,
 * delete) plus page iteration, written once; `monitors.ts` and `incidents.ts` bind them
 * to a path, the schemas and the record kind.
 */
import type { z } from "zod";
import { DEFAULT_PER_PAGE, type Page } from "../schemas";
import type { FormValue } from "./encode";
import {
  checkRecordId,
  parseJson,
  readDeleted,
  readPage,
  readRecord,
  type Endpoint,
  type RecordKind,
} from "./parse-response";
import { iterateItems, iteratePages } from "./paginate";
import type { Call, CallResult, Requester } from "./request";
import { validateInput } from "./validate";
import { UptimeInputError } from "./errors";

/** What a resource API needs from its client. */
export interface ApiContext {
  requester: Requester;
  /** Account time zone for dates. */
  timeZone: string;
}

/** Binds the generic operations to one resource. */
interface ResourceSpec<T> {
  /** Collection path, e.g. `/api/v1/monitors`. */
  path: string;
  /** Singular noun for messages, e.g. `monitor`. */
  noun: string;
  kind: RecordKind<T>;
  listQuery: z.ZodType;
  createInput: z.ZodType;
  updateInput: z.ZodType;
}

/** Page size `pages()` and `all()` send when the query names none: fewest requests. */
export const ITERATION_PER_PAGE = 100;

type Form = { [key: string]: FormValue };

/** list, pages, all, get, create, update, delete for one resource. */
export class ResourceApi<T, Q extends { page?: number; per_page?: number }, C, U> {
  constructor(
    /** @internal */ protected readonly ctx: ApiContext,
    /** @internal */ protected readonly spec: ResourceSpec<T>,
  ) {}

  /**
   * One page of the list (`query.page`, default 1). Always sends `per_page` (default 25,
   * the contract's): instances fall back to differing admin settings without it.
   */
  async list(query: Q = {} as Q): Promise<Page<T>> {
    const q = this.listQuery(query, DEFAULT_PER_PAGE);
    return this.fetchPage(q, q.page ?? 1);
  }

  /** Every page from `query.page` (default 1) on, fetched as the loop asks. `per_page` defaults to 100. */
  pages(query: Q = {} as Q): AsyncIterableIterator<Page<T>> {
    // Validated here, not inside the generator, so a bad query throws at the call.
    const q = this.listQuery(query, ITERATION_PER_PAGE);
    return iteratePages((page) => this.fetchPage(q, page), q.page ?? 1, { method: "GET", path: this.spec.path });
  }

  /** Every item of every page. Always sends `per_page` (default 100). */
  all(query: Q = {} as Q): AsyncIterableIterator<T> {
    return iterateItems(this.pages(query));
  }

  /** One record by id. @throws UptimeNotFoundError when missing or another account's. */
  async get(id: number): Promise<T> {
    const path = this.recordPath(id);
    return this.readRecord(await this.send({ method: "GET", path }), "GET", path);
  }

  /**
   * Creates a record. Input is checked first; a failure there sends nothing.
   * Never retried after the request may have reached the service: on such a failure the
   * error has `outcomeUnknown: true`.
   */
  async create(input: C): Promise<T> {
    const body = validateInput(this.spec.createInput, input, `${this.spec.noun} input`) as Form;
    return this.readRecord(await this.send({ method: "POST", path: this.spec.path, body }), "POST", this.spec.path);
  }

  /** Changes the given fields (PATCH); `null` or an empty list clears a field. */
  async update(id: number, input: U): Promise<T> {
    const path = this.recordPath(id);
    const body = validateInput(this.spec.updateInput, input, `${this.spec.noun} update`) as Form;
    return this.readRecord(await this.send({ method: "PATCH", path, body }), "PATCH", path);
  }

  /**
   * As `update`, for a caller that reads nothing from the answer: the input is checked the
   * same way and the answer must still be the record `id`, but it is not parsed against
   * the schema nor its dates turned into the account's zone, which is most of the client's
   * own work per write when a command changes thousands of records.
   */
  async updateWithoutReading(id: number, input: U): Promise<void> {
    const path = this.recordPath(id);
    const body = validateInput(this.spec.updateInput, input, `${this.spec.noun} update`) as Form;
    const res = await this.send({ method: "PATCH", path, body });
    const at: Endpoint = { method: "PATCH", path, status: res.status };
    checkRecordId(parseJson(res.text, at), at, id);
  }

  /**
   * Deletes a record. When an earlier attempt may have deleted it already and the retry
   * finds it gone (404), that counts as success.
   */
  async delete(id: number): Promise<void> {
    const path = this.recordPath(id);
    const res = await this.send({ method: "DELETE", path, notFoundAfterUncertainRetryIsSuccess: true });
    if (res.status === 404) return;
    const at: Endpoint = { method: "DELETE", path, status: res.status };
    readDeleted(parseJson(res.text, at), at);
  }

  /** @internal */
  protected send(call: Call): Promise<CallResult> {
    return this.ctx.requester.send(call);
  }

  private listQuery(query: Q, perPage: number): Q {
    const q = validateInput(this.spec.listQuery, query ?? {}, `${this.spec.noun} list query`) as Q;
    return { ...q, per_page: q.per_page ?? perPage };
  }

  private async fetchPage(query: Q, page: number): Promise<Page<T>> {
    const path = this.spec.path;
    const res = await this.send({ method: "GET", path, query: { ...(query as Form), page } });
    const at: Endpoint = { method: "GET", path, status: res.status };
    return readPage(this.spec.kind, parseJson(res.text, at), at, this.ctx.timeZone);
  }

  private readRecord(res: CallResult, method: string, path: string): T {
    const at: Endpoint = { method, path, status: res.status };
    return readRecord(this.spec.kind, parseJson(res.text, at), at, this.ctx.timeZone);
  }

  private recordPath(id: number): string {
    // Checked so that an id can never reshape the path (e.g. "1/../..").
    if (!Number.isSafeInteger(id) || id <= 0) {
      throw new UptimeInputError(`invalid ${this.spec.noun} id: expected a positive whole number; got ${String(id)}`, {
        id: ["expected a positive whole number"],
      });
    }
    return `${this.spec.path}/${id}`;
  }
}

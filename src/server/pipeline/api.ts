/** The contract between the request pipeline (app.ts) and the route modules (projects/routes.ts, groups/routes.ts). */
import type { ActivityLog } from "../projects/activity";
import type { DeletionQueue } from "../projects/deletion";
import type { DemoData } from "../projects/demo-data";
import type { Store } from "../state/store";
import type { OrganizationRecord, PersonalApiKeyRecord, StoredProject, UserRecord } from "../state/types";
import type { ApiResponse, ServerRequest } from "./http";
import type { PostHogVersion } from "./version";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface Services {
  store: Store;
  activity: ActivityLog;
  demo: DemoData;
  deletion: DeletionQueue;
  /** Which PostHog the server plays (version.ts). */
  version: PostHogVersion;
}

export interface Action {
  /** DRF action name (list, retrieve, create, update, partial_update, destroy, or the @action name). */
  name: string;
  /** A promise only where PostHog's view holds a read across a wait (`ApiContext.midway`). */
  handler: (ctx: ApiContext) => ApiResponse | Promise<ApiResponse>;
}

export interface ApiRoute {
  pattern: string;
  /** Detail routes have an `id` (DRF `view.detail`). */
  detail: boolean;
  /** `scope_object` of the viewset. */
  scopeObject: string;
  /** `@action(required_scopes=...)`: applies to every method of this route. */
  requiredScopes?: string[];
  /**
   * The viewset's `dangerously_get_required_scopes`: scopes that depend on the request; undefined = the default, null =
   * none (a `scope_object = "INTERNAL"` viewset: personal API keys are refused).
   */
  scopesFor?: (ctx: ApiContext) => string[] | null | undefined;
  methods: Partial<Record<HttpMethod, Action>>;
  /** The viewset's first authenticator has no `authenticate_header` (sharing-enabled viewsets): 403 instead of 401. */
  authErrorsAre403?: boolean;
  /** True when this route does not exist for this request (e.g. property_definitions on newest PostHog). */
  hidden?: (store: Store, params: Record<string, string>) => boolean;
  /** `view.team` for scoped-team keys; null when the view has no team (list/create of organization projects). */
  scopeTeam: (ctx: ApiContext) => StoredProject | null;
  /** `get_organization_from_view` for scoped-organization keys. */
  scopeOrganization: (ctx: ApiContext) => OrganizationRecord;
  /** has_permission() checks of the viewset beyond API scopes (membership, plan limits). */
  permission?: (ctx: ApiContext) => void;
  /** Extra response headers (e.g. deprecation headers of /api/environments/). */
  headers?: (ctx: ApiContext) => Record<string, string>;
}

export class ApiContext {
  private readonly memo = new Map<string, unknown>();

  constructor(
    readonly req: ServerRequest,
    readonly services: Services,
    readonly route: ApiRoute,
    readonly params: Record<string, string>,
    readonly user: UserRecord,
    readonly key: PersonalApiKeyRecord,
    readonly actionName: string | null,
    /**
     * Where a view writes back what it read earlier in the request (a holdout's DELETE saves the flags of its
     * experiments as it read them), the wait between the read and the write: a `midway` fault's delay, else none.
     */
    readonly midway: () => Promise<void> = async () => {},
  ) {}

  get store(): Store {
    return this.services.store;
  }

  /** Compute once per request (resolvers are used by the scope check, the permission check and the handler). */
  once<T>(name: string, compute: () => T): T {
    if (this.memo.has(name)) return this.memo.get(name) as T;
    const value = compute();
    this.memo.set(name, value);
    return value;
  }
}

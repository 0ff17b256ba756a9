import { NAMESPACE } from '../shared/http/api-request';
import { swaggerType } from '../shared/http/params/param.decorator';
import type { ParamSpec } from '../shared/http/params/param-rules';
import { pathParamDescription } from './operation-texts';
import type { ApiOperation, ApiRoute, HttpVerb, PathParam } from './route-catalog';

/** What an index depends on besides the routes: the moment (computed defaults), the base address, the language. */
export interface IndexContext {
  /** `{api}` or `{api_es}`. */
  apiBase: string;
  now: Date;
  siteZone: string;
  translate: (english: string) => string;
}

interface IndexArg {
  required: boolean;
  default?: unknown;
  description: string;
  type?: unknown;
  format?: unknown;
  items?: unknown;
  enum?: unknown;
  minimum?: number;
  maximum?: number;
}

interface IndexEndpoint {
  methods: HttpVerb[];
  args: Record<string, IndexArg>;
}

export interface IndexRoute {
  namespace: string;
  methods: HttpVerb[];
  endpoints: IndexEndpoint[];
  _links?: { self: Array<{ href: string }> };
}

/** The default a parameter documents now: a computed one (event list dates) or the declared one. */
export function documentedDefault(spec: ParamSpec, now: Date, siteZone: string): unknown {
  return spec.defaultAt ? spec.defaultAt(now, siteZone) : spec.default;
}

/** One argument in the index (CONTRACT §12.1): only the JSON-schema keywords the contract lists. */
function indexArg(spec: ParamSpec, ctx: IndexContext): IndexArg {
  const schema = swaggerType(spec);
  const fallback = documentedDefault(spec, ctx.now, ctx.siteZone);
  const arg: IndexArg = {
    required: Boolean(spec.required),
    ...(fallback !== undefined ? { default: fallback } : {}),
    description: ctx.translate(spec.description),
  };
  for (const key of ['type', 'format', 'items', 'enum'] as const) if (schema[key] !== undefined) arg[key] = schema[key];
  if (spec.min !== undefined) arg.minimum = spec.min;
  if (spec.max !== undefined) arg.maximum = spec.max;
  return arg;
}

function pathArg(param: PathParam, resource: string, ctx: IndexContext): IndexArg {
  return {
    required: true,
    description: ctx.translate(pathParamDescription(param, resource)),
    type: param.kind === 'id' ? 'integer' : 'string',
  };
}

function endpointArgs(operation: ApiOperation, ctx: IndexContext): Record<string, IndexArg> {
  const args: Record<string, IndexArg> = {};
  for (const param of operation.pathParams) args[param.name] = pathArg(param, operation.resource, ctx);
  for (const { name, spec } of operation.params) args[name] = indexArg(spec, ctx);
  return args;
}

/** Verbs sharing the same DTO and path parameters form one endpoint (`POST, PUT, PATCH` of an update). */
function endpoints(route: ApiRoute, ctx: IndexContext): IndexEndpoint[] {
  const groups: Array<{ key: string; operations: ApiOperation[] }> = [];
  for (const operation of route.operations) {
    const key = `${operation.dto?.name ?? '-'}|${operation.pathParams.map((p) => p.name).join(',')}`;
    const group = groups.find((g) => g.key === key);
    if (group) group.operations.push(operation);
    else groups.push({ key, operations: [operation] });
  }
  return groups.map((g) => ({ methods: g.operations.map((o) => o.verb), args: endpointArgs(g.operations[0], ctx) }));
}

export function indexRoute(route: ApiRoute, ctx: IndexContext): IndexRoute {
  const entry: IndexRoute = {
    namespace: NAMESPACE,
    methods: route.operations.map((o) => o.verb),
    endpoints: endpoints(route, ctx),
  };
  if (!route.pattern.includes('(?P<')) {
    const inside = route.openApiPath === '/' ? '' : route.openApiPath;
    entry._links = { self: [{ href: `${ctx.apiBase}${inside}` }] };
  }
  return entry;
}

export function indexRoutes(routes: readonly ApiRoute[], ctx: IndexContext): Record<string, IndexRoute> {
  const out: Record<string, IndexRoute> = {};
  for (const route of routes) out[route.pattern] = indexRoute(route, ctx);
  return out;
}

import { Injectable, OnModuleInit, RequestMethod } from '@nestjs/common';
import { HTTP_CODE_METADATA, METHOD_METADATA, MODULE_PATH, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { DiscoveryService, MetadataScanner, ModulesContainer } from '@nestjs/core';
import type { InstanceWrapper } from '@nestjs/core/injector/instance-wrapper';
import { DECORATORS } from '@nestjs/swagger/dist/constants';
import { NAMESPACE } from '../shared/http/api-request';
import { declaredParams, DeclaredParam } from '../shared/http/params/param.decorator';
import { RecordIdPipe, SlugPipe } from '../shared/http/path-params';

export type HttpVerb = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The order methods are listed in (index, `Allow`, /doc). */
const VERB_ORDER: HttpVerb[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** A path parameter as the pipe that validates it defines it (CONTRACT §1.3). */
export interface PathParam {
  name: string;
  /** The regular expression of the index pattern (`(?P<id>\d+)`). */
  regex: string;
  kind: 'id' | 'slug';
}

/** One handler of the namespace: a verb on a path, with the DTO its `@Input` validates (if any). */
export interface ApiOperation {
  verb: HttpVerb;
  /** First path segment inside the namespace (`events`), '' for the namespace index itself. */
  resource: string;
  shape: 'collection' | 'id' | 'slug';
  pathParams: PathParam[];
  dto?: Function;
  params: DeclaredParam[];
  successStatus: number;
  /** An explicit `@ApiOperation({ summary })` on the handler, when there is one. */
  summary?: string;
  controller: string;
  handler: string;
}

/** One route of the namespace (one path, several verbs). */
export interface ApiRoute {
  /** The index key: `/calendar/events/v1/events/(?P<id>\d+)`. */
  pattern: string;
  /** The /doc path, relative to the namespace: `/events/{id}`. */
  openApiPath: string;
  /** The Express path Nest registered: `/wp-json/calendar/events/v1/events/:id`. */
  expressPath: string;
  /** Matches a request path below `{API_PREFIX}` (case-insensitive, optional trailing slash). */
  matcher: RegExp;
  operations: ApiOperation[];
}

const PATH_PARAM_PIPES = new Map<Function, Omit<PathParam, 'name'>>([
  [RecordIdPipe, { regex: '\\d+', kind: 'id' }],
  [SlugPipe, { regex: '[^/]+', kind: 'slug' }],
]);

const VERBS: Partial<Record<RequestMethod, HttpVerb>> = {
  [RequestMethod.GET]: 'GET',
  [RequestMethod.POST]: 'POST',
  [RequestMethod.PUT]: 'PUT',
  [RequestMethod.PATCH]: 'PATCH',
  [RequestMethod.DELETE]: 'DELETE',
};

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const joinPath = (...parts: string[]) => `/${parts.flatMap((p) => p.split('/')).filter(Boolean).join('/')}`;
const asList = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : [String(value ?? '')]);

interface RouteArg {
  index: number;
  data?: unknown;
  pipes?: unknown[];
}

/**
 * Every route of the namespace, read from the metadata Nest itself routes with (module paths from RouterModule,
 * controller and handler paths, HTTP methods, `@Param` pipes, `@Input` DTOs). The index, `OPTIONS` answers and /doc
 * are all built from this one list, so they cannot disagree with the routes that exist.
 */
@Injectable()
export class RouteCatalog implements OnModuleInit {
  private list: ApiRoute[] = [];

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly modules: ModulesContainer,
  ) {}

  onModuleInit(): void {
    this.list = this.scan();
  }

  get routes(): readonly ApiRoute[] {
    return this.list;
  }

  /** The route a request path (below `{API_PREFIX}`, without query) names, if any. */
  match(pathBelowPrefix: string): ApiRoute | undefined {
    return this.list.find((route) => route.matcher.test(pathBelowPrefix));
  }

  private scan(): ApiRoute[] {
    const byPath = new Map<string, ApiRoute>();
    const namespaceRoot = `/${NAMESPACE}`;
    for (const wrapper of this.discovery.getControllers()) {
      const controller = wrapper.metatype as Function | null;
      if (!controller || !wrapper.host) continue;
      const modulePath = this.modulePath(wrapper);
      for (const handler of this.scanner.getAllMethodNames(controller.prototype)) {
        const fn = controller.prototype[handler] as Function;
        const method = Reflect.getMetadata(METHOD_METADATA, fn) as RequestMethod | undefined;
        const verb = method === undefined ? undefined : VERBS[method];
        if (!verb) continue;
        for (const controllerPath of asList(Reflect.getMetadata(PATH_METADATA, controller))) {
          for (const handlerPath of asList(Reflect.getMetadata(PATH_METADATA, fn))) {
            const expressPath = joinPath(modulePath, controllerPath, handlerPath);
            const nsIndex = expressPath.indexOf(namespaceRoot);
            if (nsIndex < 0) continue;
            const inside = expressPath.slice(nsIndex + namespaceRoot.length); // '/events/:id' or ''
            if (inside !== '' && !inside.startsWith('/')) continue;
            const operation = this.operation(controller, handler, fn, verb, inside);
            const route = byPath.get(expressPath) ?? this.route(expressPath, inside, operation.pathParams);
            route.operations.push(operation);
            byPath.set(expressPath, route);
          }
        }
      }
    }
    for (const route of byPath.values()) {
      route.operations.sort((a, b) => VERB_ORDER.indexOf(a.verb) - VERB_ORDER.indexOf(b.verb));
    }
    return [...byPath.values()].sort((a, b) => a.pattern.localeCompare(b.pattern));
  }

  private modulePath(wrapper: InstanceWrapper): string {
    const metatype = wrapper.host!.metatype;
    const path =
      (Reflect.getMetadata(MODULE_PATH + this.modules.applicationId, metatype) as string | undefined) ??
      (Reflect.getMetadata(MODULE_PATH, metatype) as string | undefined);
    return path ?? '';
  }

  private route(expressPath: string, inside: string, pathParams: PathParam[]): ApiRoute {
    const segments = inside.split('/').filter(Boolean);
    const patternSegments = segments.map((segment) => {
      if (!segment.startsWith(':')) return segment;
      const param = pathParams.find((p) => p.name === segment.slice(1));
      return `(?P<${segment.slice(1)}>${param?.regex ?? '[^/]+'})`;
    });
    const matcherSegments = segments.map((segment) => {
      if (!segment.startsWith(':')) return escapeRegex(segment);
      return `(${pathParams.find((p) => p.name === segment.slice(1))?.regex ?? '[^/]+'})`;
    });
    const nsPattern = escapeRegex(`/${NAMESPACE}`);
    return {
      pattern: `/${NAMESPACE}${patternSegments.map((s) => `/${s}`).join('')}`,
      openApiPath: `/${segments.map((s) => (s.startsWith(':') ? `{${s.slice(1)}}` : s)).join('/')}`,
      expressPath,
      matcher: new RegExp(`^${nsPattern}${matcherSegments.map((s) => `/${s}`).join('')}/?$`, 'i'),
      operations: [],
    };
  }

  private operation(controller: Function, handler: string, fn: Function, verb: HttpVerb, inside: string): ApiOperation {
    const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, handler) ?? {}) as Record<string, RouteArg>;
    const pathParams: PathParam[] = [];
    let dto: Function | undefined;
    for (const [key, arg] of Object.entries(args)) {
      if (key === `${RouteParamtypes.PARAM}:${arg.index}` && typeof arg.data === 'string') {
        const pipe = (arg.pipes ?? []).map((p) => (typeof p === 'function' ? p : (p as object).constructor)).find((p) => PATH_PARAM_PIPES.has(p));
        pathParams.push({ name: arg.data, ...(PATH_PARAM_PIPES.get(pipe as Function) ?? { regex: '[^/]+', kind: 'slug' }) });
      } else if (typeof arg.data === 'function' && declaredParams(arg.data).length > 0) {
        dto = arg.data; // an `@Input(Dto)` argument
      }
    }
    const segments = inside.split('/').filter(Boolean);
    const last = segments[segments.length - 1] ?? '';
    const shape = !last.startsWith(':') ? 'collection' : segments.includes('by-slug') ? 'slug' : 'id';
    const explicit = Reflect.getMetadata(DECORATORS.API_OPERATION, fn) as { summary?: string } | undefined;
    return {
      verb,
      resource: segments[0] ?? '',
      shape,
      pathParams,
      dto,
      params: dto ? declaredParams(dto) : [],
      successStatus: (Reflect.getMetadata(HTTP_CODE_METADATA, fn) as number | undefined) ?? (verb === 'POST' ? 201 : 200),
      summary: explicit?.summary,
      controller: controller.name,
      handler,
    };
  }
}

import { INestApplication, Injectable } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import type { Locale } from '../../shared/i18n/error-messages';
import { translateDocument } from '../../shared/i18n/documentation-texts';
import { limitKeywords, swaggerType } from '../../shared/http/params/param.decorator';
import { acceptsNull, type ParamSpec } from '../../shared/http/params/param-rules';
import { documentedDefault } from '../namespace-index';
import { operationSummary, pathParamDescription, singular } from '../operation-texts';
import { ApiOperation, ApiRoute, PathParam, RouteCatalog } from '../route-catalog';
import { bodyExample } from '../../shared/http/params/body-example';
import { nameGroupsInSpanish, OPERATION_GROUPS } from './operation-groups';
import { WIRE_SCHEMAS } from './wire-schemas';
import { errorResponses, successResponses } from './responses';

const DOC_TITLE = 'Calendar Events REST API';
const DOC_DESCRIPTION =
  'Events, venues, organizers, event categories and event tags. Wire-compatible with The Events Calendar REST API ' +
  '(tribe/events/v1). Reads are public; writes need a bearer token (JWT). Request bodies may be JSON or form-encoded.';

type Json = Record<string, unknown>;
const BODY_TYPES = ['application/json', 'application/x-www-form-urlencoded'];

/** A documented default that depends on the moment: where it sits in the document, and the spec computing it. */
interface ComputedDefault {
  schema: (doc: Json) => Json;
  spec: ParamSpec;
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The JSON schema of one parameter: the keywords of the shared mapping plus description, default and range. */
function paramSchema(spec: ParamSpec): Json {
  return {
    ...swaggerType(spec),
    ...limitKeywords(spec),
    ...(spec.default !== undefined ? { default: spec.default } : {}),
    ...(spec.min !== undefined ? { minimum: spec.min } : {}),
    ...(spec.exclusiveMin ? { exclusiveMinimum: true } : {}),
    ...(spec.max !== undefined ? { maximum: spec.max } : {}),
    ...(spec.nullable ? { nullable: true } : {}),
    ...(spec.example !== undefined ? { example: spec.example } : {}),
  };
}

/**
 * The OpenAPI 3.0.3 document of CONTRACT §12.2. @nestjs/swagger scans the controllers (operations, tags, ids) and the
 * wire schemas; the route catalog adds what the controllers declare through their own decorators (`@Param` pipes and
 * `@Input` DTOs): parameters, request bodies in both content types, responses and security. Built once at startup;
 * each request gets a copy with its `servers`, the defaults of the moment and its language.
 */
@Injectable()
export class OpenApiDocument {
  private base?: Json;
  private computed: ComputedDefault[] = [];

  constructor(private readonly catalog: RouteCatalog) {}

  generate(app: INestApplication): void {
    const config = new DocumentBuilder()
      .setOpenAPIVersion('3.0.3')
      .setTitle(DOC_TITLE)
      .setDescription(DOC_DESCRIPTION)
      .setVersion('1.0.0')
      .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'A JWT issued for this service.' }, 'bearerAuth')
      .build();
    const scanned = SwaggerModule.createDocument(app, config, {
      extraModels: WIRE_SCHEMAS,
      operationIdFactory: (controller, method) => `${controller.replace(/Controller$/, '')}_${method}`,
    });
    const schemas = { ...(scanned.components?.schemas ?? {}) } as Json;
    const scannedPaths = new Map(Object.entries(scanned.paths).map(([path, item]) => [path.replace(/(.)\/$/, '$1'), item as Json]));
    const paths: Json = {};
    this.computed = [];
    for (const route of this.catalog.routes) {
      const scannedItem = scannedPaths.get(route.expressPath.replace(/:(\w+)/g, '{$1}'));
      if (!scannedItem) throw new Error(`@nestjs/swagger did not document ${route.expressPath}`);
      const item: Json = {};
      for (const operation of route.operations) {
        const verb = operation.verb.toLowerCase();
        item[verb] = { ...(scannedItem[verb] as Json), ...this.operation(route, operation, schemas) };
      }
      paths[route.openApiPath] = item;
    }
    this.base = {
      openapi: '3.0.3',
      info: scanned.info,
      servers: [],
      tags: OPERATION_GROUPS,
      paths,
      components: { schemas, securitySchemes: scanned.components?.securitySchemes },
    };
  }

  /** The document for one request: `servers` is the base address it arrived on (port kept), texts in its language. */
  document(apiBase: string, locale: Locale, now: Date, siteZone: string): OpenAPIObject {
    if (!this.base) throw new Error('the OpenAPI document has not been generated');
    const doc = structuredClone(this.base);
    doc.servers = [{ url: `${apiBase}/` }];
    for (const { schema, spec } of this.computed) schema(doc).default = documentedDefault(spec, now, siteZone);
    if (locale !== 'es') return doc as unknown as OpenAPIObject;
    const spanish = translateDocument(doc);
    nameGroupsInSpanish(spanish);
    return spanish as unknown as OpenAPIObject;
  }

  private operation(route: ApiRoute, operation: ApiOperation, schemas: Json): Json {
    const verb = operation.verb.toLowerCase();
    const inBody = operation.verb === 'POST' || operation.verb === 'PUT' || operation.verb === 'PATCH';
    const parameters: Json[] = operation.pathParams.map((param) => ({
      name: param.name,
      in: 'path',
      required: true,
      description: pathParamDescription(param, operation.resource),
      schema: { type: param.kind === 'id' ? 'integer' : 'string', example: pathParamExample(param, route) },
    }));
    const out: Json = { summary: operationSummary(operation), parameters };
    if (!inBody) {
      operation.params.forEach(({ name, spec }) => {
        const index = parameters.length;
        parameters.push({
          name,
          in: 'query',
          required: Boolean(spec.required),
          description: spec.description,
          schema: paramSchema(spec),
          // Lists travel as one comma-separated value: a repeated key keeps only its last value (CONTRACT §1.4).
          ...(spec.kind === 'list' ? { style: 'form', explode: false } : {}),
        });
        if (spec.defaultAt) this.computed.push({ spec, schema: (doc) => pathOperation(doc, route, verb).parameters[index].schema });
      });
    } else if (operation.dto) {
      const name = operation.dto.name.replace(/Class$/, '');
      schemas[name] ??= this.bodySchema(name, operation);
      const ref = { $ref: `#/components/schemas/${name}` };
      // The JSON body's example is the one the explorer puts in its editor; a form shows each field's own example.
      const example = bodyExample(operation.dto);
      out.requestBody = {
        required: operation.params.some((p) => p.spec.required),
        content: Object.fromEntries(
          BODY_TYPES.map((type) => [type, type === 'application/json' && example ? { schema: ref, example } : { schema: ref }]),
        ),
      };
    }
    const resourceSchema = capitalize(singular(operation.resource));
    const listSchema = `${resourceSchema}List`;
    const wanted = operation.shape === 'collection' && operation.verb === 'GET' ? listSchema : resourceSchema;
    const success = schemas[wanted] ? wanted : undefined;
    out.responses = { ...successResponses(operation, success), ...errorResponses(operation) };
    out.security = operation.verb === 'GET' ? [{}, { bearerAuth: [] }] : [{ bearerAuth: [] }];
    return out;
  }

  private bodySchema(name: string, operation: ApiOperation): Json {
    const properties: Json = {};
    for (const { name: param, spec } of operation.params) {
      // A body field that takes JSON null (it clears the field, CONTRACT §1.4) is nullable; a query string has no null.
      const nullable = acceptsNull(spec) ? { nullable: true } : {};
      properties[param] = { ...paramSchema(spec), ...nullable, description: spec.description };
      if (spec.defaultAt) this.computed.push({ spec, schema: (doc) => componentSchema(doc, name).properties[param] });
    }
    const required = operation.params.filter((p) => p.spec.required).map((p) => p.name);
    return { type: 'object', properties, ...(required.length ? { required } : {}) };
  }
}

/** A path parameter's example: record 1, or the slug the route's own write example gives its record. */
function pathParamExample(param: PathParam, route: ApiRoute): unknown {
  if (param.kind === 'id') return 1;
  return route.operations.flatMap((operation) => operation.params).find((p) => p.name === 'slug')?.spec.example;
}

function pathOperation(doc: Json, route: ApiRoute, verb: string): { parameters: Array<{ schema: Json }> } {
  return ((doc.paths as Json)[route.openApiPath] as Json)[verb] as { parameters: Array<{ schema: Json }> };
}

function componentSchema(doc: Json, name: string): { properties: Record<string, Json> } {
  return (doc.components as { schemas: Record<string, { properties: Record<string, Json> }> }).schemas[name];
}

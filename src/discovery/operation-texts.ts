import type { ApiOperation, PathParam } from './route-catalog';

/**
 * English texts derived from a route's own metadata (its resource, shape and verb): operation summaries and path
 * parameter descriptions. Spanish comes from the catalogue in src/shared/i18n/documentation-texts.ts.
 */

/** `categories` → `category`, `events` → `event`. */
export function singular(resource: string): string {
  return resource.replace(/ies$/, 'y').replace(/s$/, '');
}

const withArticle = (noun: string) => `${/^[aeiou]/.test(noun) ? 'an' : 'a'} ${noun}`;

/** Records (events, venues, organizers) have a trash; terms are deleted permanently (CONTRACT §1.1). */
export function movesToTrash(operation: ApiOperation): boolean {
  return operation.params.some((p) => p.name === 'force');
}

export function operationSummary(operation: ApiOperation): string {
  if (operation.summary) return operation.summary;
  const plural = operation.resource;
  const one = withArticle(singular(plural));
  const by = operation.shape === 'slug' ? ' by slug' : ' by id';
  if (operation.shape === 'collection') return operation.verb === 'GET' ? `List ${plural}` : `Create ${one}`;
  switch (operation.verb) {
    case 'GET':
      return `Read ${one}${by}`;
    case 'DELETE':
      return movesToTrash(operation) ? `Trash or delete ${one}${by}` : `Delete ${one} permanently`;
    default:
      return `Update ${one}${by} (partial update)`;
  }
}

export function pathParamDescription(param: PathParam, resource: string): string {
  return param.kind === 'id' ? `Id of the ${singular(resource)}.` : `Slug of the ${singular(resource)}.`;
}

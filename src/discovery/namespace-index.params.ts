import { Param } from '../shared/http/params/param.decorator';
import { NAMESPACE } from '../shared/http/api-request';

/** `GET {api}` (CONTRACT §12.1): both parameters are accepted for compatibility and have no effect. */
export class NamespaceIndexParams {
  @Param({ kind: 'string', default: NAMESPACE, description: 'The namespace (accepted for compatibility; no effect).' })
  namespace?: string;

  @Param({
    kind: 'enum',
    values: ['view', 'edit', 'embed'],
    default: 'view',
    description: 'Scope under which the request is made (accepted for compatibility; no effect).',
  })
  context?: string;
}

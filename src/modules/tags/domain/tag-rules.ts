import { DomainError } from '../../../shared/domain/errors';

/**
 * Tags are flat (CONTRACT §11.1): a `parent` sent on a tag write is refused, and a tag has no `parent` on the wire
 * (§6.6). Names are unique in the whole taxonomy (§11.3), not per parent.
 */
export const notHierarchical = () => new DomainError('invalid', 'rest_taxonomy_not_hierarchical');

export const tagExists = (termId: number) => new DomainError('invalid', 'term_exists', { variant: 'tag' }, { term_id: termId });

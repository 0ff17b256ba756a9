import { Caller, Role, strongestRole } from './caller';
import { InvalidParamsError } from './errors';
import { listVisibility, Policy, readStatusFilter, RecordStatus, resolveWriteStatus } from './policy';

const as = (role: Caller['role'], userId: number | null = 10): Caller => ({ role, userId: role === 'anonymous' ? null : userId });
const own = (status: RecordStatus) => ({ authorId: 10, status });
const others = (status: RecordStatus) => ({ authorId: 99, status });

describe('role policy (CONTRACT §3.3 as one table)', () => {
  const roles: Caller['role'][] = ['anonymous', 'subscriber', 'contributor', 'author', 'editor', 'administrator'];
  // One row per permission: the roles that have it, in the order of `roles`.
  const table: Array<[string, (c: Caller) => boolean, boolean[]]> = [
    ['create records', (c) => Policy.mayPerform(c, 'create-record'), [false, false, true, true, true, true]],
    ['manage categories', (c) => Policy.mayPerform(c, 'manage-categories'), [false, false, false, true, true, true]],
    ['manage tags', (c) => Policy.mayPerform(c, 'manage-tags'), [false, false, false, false, true, true]],
    ['keep publish', (c) => Policy.mayPublish(c), [false, false, false, true, true, true]],
    ['edit own unpublished', (c) => Policy.mayEdit(c, own('draft')), [false, false, true, true, true, true]],
    ['edit own published', (c) => Policy.mayEdit(c, own('publish')), [false, false, false, true, true, true]],
    ['edit others', (c) => Policy.mayEdit(c, others('draft')), [false, false, false, false, true, true]],
    ['delete own unpublished', (c) => Policy.mayDelete(c, own('pending')), [false, false, true, true, true, true]],
    ['delete own published', (c) => Policy.mayDelete(c, own('private')), [false, false, false, true, true, true]],
    ['delete others', (c) => Policy.mayDelete(c, others('publish')), [false, false, false, false, true, true]],
    ['set another author', (c) => Policy.maySetOtherAuthor(c), [false, false, false, false, true, true]],
    ['image from URL', (c) => Policy.mayAddImageFromUrl(c), [false, false, false, true, true, true]],
    ['filter non-publish statuses', (c) => Policy.mayFilterNonPublishStatuses(c), [false, false, true, true, true, true]],
    ['see published', (c) => Policy.maySee(c, others('publish')), [true, true, true, true, true, true]],
    ['see own draft', (c) => Policy.maySee(c, own('draft')), [false, false, true, true, true, true]],
    ['see others draft', (c) => Policy.maySee(c, others('draft')), [false, false, false, false, true, true]],
    ['see others private', (c) => Policy.maySee(c, others('private')), [false, false, false, false, true, true]],
  ];
  it.each(table)('%s', (_name, check, expected) => {
    expect(roles.map((r) => check(as(r)))).toEqual(expected);
  });
});

describe('naming an author (CONTRACT §4.4 step 7)', () => {
  const refused = (call: () => void) => {
    try {
      call();
      return false;
    } catch (error) {
      expect(error).toMatchObject({ code: 'rest_forbidden' });
      return true;
    }
  };
  it.each([
    ['no author named', 'contributor', undefined, null, false],
    ['the caller', 'author', 10, null, false],
    ['another user, as an author', 'author', 11, null, true],
    ['another user, as an editor', 'editor', 11, null, false],
    ['the current author, as an author', 'author', 11, 11, false],
    ['another than the current author', 'author', 12, 11, true],
  ] as const)('%s', (_name, role, authorId, current, expected) => {
    expect(refused(() => Policy.assertMayNameAuthor(as(role), authorId, current))).toBe(expected);
  });
});

describe('status scale-back (CONTRACT §3.5)', () => {
  it.each([
    ['contributor', undefined, 'draft'],
    ['author', undefined, 'publish'],
    ['contributor', 'publish', 'pending'],
    ['contributor', 'future', 'pending'],
    ['editor', 'publish', 'publish'],
    ['editor', 'future', 'publish'],
    ['contributor', 'private', 'private'],
    ['editor', 'bogus', null],
  ])('%s asking %s on create gets %s', (role, requested, expected) => {
    expect(resolveWriteStatus(as(role as Role), requested, undefined, false)).toBe(expected);
  });
  it('turns publish into future when the publication date is ahead', () => {
    expect(resolveWriteStatus(as('author'), 'publish', undefined, true)).toBe('future');
    expect(resolveWriteStatus(as('author'), undefined, undefined, true)).toBe('future');
  });
});

describe('strongestRole', () => {
  it('picks the most powerful recognised role, case-insensitively, subscriber otherwise', () => {
    expect(strongestRole(['Author', 'EDITOR', 'x'])).toBe('editor');
    expect(strongestRole(['guest'])).toBe('subscriber');
    expect(strongestRole([])).toBe('subscriber');
  });
});

describe('the status of a write (resolveWriteStatus, §3.4, §8.2)', () => {
  it('an update that sends no status keeps the stored one, moving publish and future with the publication date', () => {
    const author = as('author');
    expect(resolveWriteStatus(author, undefined, 'publish', true)).toBe('future');
    expect(resolveWriteStatus(author, undefined, 'publish', false)).toBe('publish');
    expect(resolveWriteStatus(author, undefined, 'future', false)).toBe('publish');
    expect(resolveWriteStatus(author, undefined, 'future', true)).toBe('future');
    expect(resolveWriteStatus(author, undefined, 'draft', true)).toBe('draft');
    expect(resolveWriteStatus(author, undefined, 'private', false)).toBe('private');
    expect(resolveWriteStatus(as('contributor'), undefined, 'pending', false)).toBe('pending');
  });

  it('a create that sends no status: draft for a contributor, published (or future) for those who may publish', () => {
    expect(resolveWriteStatus(as('contributor'), undefined, undefined, false)).toBe('draft');
    expect(resolveWriteStatus(as('author'), undefined, undefined, false)).toBe('publish');
    expect(resolveWriteStatus(as('author'), undefined, undefined, true)).toBe('future');
  });
});

describe('the statuses a list shows (listVisibility, §3.4, §8.4)', () => {
  const all = ['publish', 'future', 'draft', 'pending', 'private'];
  it('without a filter: every status for those who may filter (their own only outside publish), publish for the others', () => {
    expect(listVisibility(as('anonymous'), undefined)).toEqual({ statuses: ['publish'], restrictNonPublishToAuthor: null });
    expect(listVisibility(as('contributor', 10), undefined)).toEqual({ statuses: all, restrictNonPublishToAuthor: 10 });
    expect(listVisibility(as('editor', 10), undefined)).toEqual({ statuses: all, restrictNonPublishToAuthor: null });
  });

  it('status=any is every status, still restricted to the own records below editor', () => {
    expect(listVisibility(as('author', 12), 'any')).toEqual({ statuses: all, restrictNonPublishToAuthor: 12 });
    expect(listVisibility(as('administrator', 12), 'any')).toEqual({ statuses: all, restrictNonPublishToAuthor: null });
  });

  it('a filter of publish only needs no restriction; any other status does, with no user matching nobody (-1)', () => {
    expect(listVisibility(as('author', 12), ['publish'])).toEqual({ statuses: ['publish'], restrictNonPublishToAuthor: null });
    expect(listVisibility(as('author', 12), ['publish', 'draft'])).toEqual({ statuses: ['publish', 'draft'], restrictNonPublishToAuthor: 12 });
    expect(listVisibility({ role: 'subscriber', userId: null }, ['draft']).restrictNonPublishToAuthor).toBe(-1);
  });
});

describe('the status filter of the lists (readStatusFilter, §8.4, §10.6)', () => {
  const problem = (f: () => unknown) => {
    try {
      f();
    } catch (e) {
      return e as InvalidParamsError;
    }
    throw new Error('no error');
  };
  it('reads trimmed, lower-cased, de-duplicated statuses, or any alone', () => {
    expect(readStatusFilter([' Draft ', 'publish', 'draft', ''], as('contributor'))).toEqual(['draft', 'publish']);
    expect(readStatusFilter(['ANY'], as('contributor'))).toBe('any');
    expect(readStatusFilter(['publish'], as('anonymous'))).toEqual(['publish']);
  });

  it('unknown values, nothing, or any beside another status are not in the enum', () => {
    for (const sent of [['nope'], [], [''], ['any', 'draft'], ['publish', 'nope']]) {
      const e = problem(() => readStatusFilter(sent, as('editor')));
      expect(e.code).toBe('rest_invalid_param');
      expect(e.problems).toEqual([
        { param: 'status', detail: 'rest_not_in_enum', args: { values: 'publish, future, draft, pending, private, trash, any' } },
      ]);
    }
  });

  it('a caller who may not filter may ask for publish only', () => {
    const e = problem(() => readStatusFilter(['publish', 'Draft'], as('subscriber')));
    expect(e.problems).toEqual([{ param: 'status', detail: 'rest_not_allowed_value', args: { value: 'draft' } }]);
    expect(problem(() => readStatusFilter(['any'], as('anonymous'))).code).toBe('rest_invalid_param');
  });
});

describe('published statuses (Policy.isPublished, §3.4: what an author may no longer edit once it is out)', () => {
  it('publish, future and private are published; draft, pending and trash are not', () => {
    const statuses: RecordStatus[] = ['publish', 'future', 'private', 'draft', 'pending', 'trash'];
    expect(statuses.map((s) => Policy.isPublished(s))).toEqual([true, true, true, false, false, false]);
  });
});

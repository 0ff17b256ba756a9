import { Caller, Role, strongestRole } from './caller';
import { Policy, RecordStatus, resolveWriteStatus } from './policy';

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

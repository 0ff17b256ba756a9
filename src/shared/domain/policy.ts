import { atLeast, Caller } from './caller';
import { forbidden, invalidParam } from './errors';

/**
 * The role → permission table of CONTRACT §3.3 and the visibility table of §3.4, as pure functions.
 * "Published" = publish, future, private; "unpublished" = draft, pending, trash.
 */
export const RECORD_STATUSES = ['publish', 'future', 'draft', 'pending', 'private', 'trash'] as const;
export type RecordStatus = (typeof RECORD_STATUSES)[number];

interface OwnedRecord {
  authorId: number;
  status: RecordStatus;
}

/** Route-level actions (step 4 of §4.4). */
export type Action = 'create-record' | 'manage-categories' | 'manage-tags';

const LEAST_ROLE: Record<Action, Caller['role']> = {
  'create-record': 'contributor',
  'manage-categories': 'author',
  'manage-tags': 'editor',
};

export const Policy = {
  /** May this role perform this kind of action at all? */
  mayPerform(caller: Caller, action: Action): boolean {
    return atLeast(caller, LEAST_ROLE[action]);
  },

  isPublished(status: RecordStatus): boolean {
    return status === 'publish' || status === 'future' || status === 'private';
  },

  isOwn(caller: Caller, record: OwnedRecord): boolean {
    return caller.userId === record.authorId; // an author id is a number, an anonymous caller's null never equals one
  },

  /** §3.4: may the caller see this record (ignoring the event-specific trash rule)? */
  maySee(caller: Caller, record: OwnedRecord): boolean {
    if (record.status === 'publish') return true;
    if (atLeast(caller, 'editor')) return true;
    if (atLeast(caller, 'contributor')) return Policy.isOwn(caller, record);
    return false;
  },

  /** §3.3: may the caller edit this record? */
  mayEdit(caller: Caller, record: OwnedRecord): boolean {
    if (atLeast(caller, 'editor')) return true;
    if (!Policy.isOwn(caller, record)) return false;
    if (Policy.isPublished(record.status)) return atLeast(caller, 'author');
    return atLeast(caller, 'contributor');
  },

  /** §3.3: delete rules are the same as edit rules. */
  mayDelete(caller: Caller, record: OwnedRecord): boolean {
    return Policy.mayEdit(caller, record);
  },

  /** May keep `publish`/`future` on write (otherwise scaled back to `pending`, §3.5). */
  mayPublish(caller: Caller): boolean {
    return atLeast(caller, 'author');
  },

  mayFilterNonPublishStatuses(caller: Caller): boolean {
    return atLeast(caller, 'contributor');
  },

  maySetOtherAuthor(caller: Caller): boolean {
    return atLeast(caller, 'editor');
  },

  /**
   * Step 7 of §4.4: a write naming `authorId` (undefined: none named) other than the caller needs editor or above;
   * keeping the record's current author (`currentAuthorId`) is always allowed. 403 `rest_forbidden` otherwise.
   */
  assertMayNameAuthor(caller: Caller, authorId: number | undefined, currentAuthorId: number | null = null): void {
    if (authorId === undefined || authorId === caller.userId || authorId === currentAuthorId || atLeast(caller, 'editor')) return;
    throw forbidden();
  },

  mayAddImageFromUrl(caller: Caller): boolean {
    return atLeast(caller, 'author');
  },

  mayReadAnyNonPublic(caller: Caller): boolean {
    return atLeast(caller, 'editor');
  },
};

/**
 * §3.5 status scale-back. `requested` undefined = omitted. `publicationInFuture` decides publish vs future.
 * Returns the status to store, or null when the requested value is not a status (the caller reports 400).
 */
export function resolveWriteStatus(
  caller: Caller,
  requested: string | undefined,
  current: RecordStatus | undefined,
  publicationInFuture: boolean,
): RecordStatus | null {
  if (requested === undefined) {
    if (current !== undefined) {
      if (current === 'publish' && publicationInFuture) return 'future';
      if (current === 'future' && !publicationInFuture) return 'publish';
      return current;
    }
    if (!Policy.mayPublish(caller)) return 'draft';
    return publicationInFuture ? 'future' : 'publish';
  }
  if (!(RECORD_STATUSES as readonly string[]).includes(requested)) return null;
  const status = requested as RecordStatus;
  if (status === 'publish' || status === 'future') {
    if (!Policy.mayPublish(caller)) return 'pending';
    return publicationInFuture ? 'future' : 'publish';
  }
  return status;
}

/**
 * The statuses a list may show to this caller, given the `status` filter (already validated) — §3.4/§8.4.
 * Returns `{ statuses, ownOnlyFor }`: statuses outside 'publish' are restricted to the caller's own records unless the
 * caller is an editor or administrator.
 */
export function listVisibility(caller: Caller, requested: RecordStatus[] | 'any' | undefined) {
  const statuses: RecordStatus[] =
    requested === undefined
      ? Policy.mayFilterNonPublishStatuses(caller)
        ? ['publish', 'future', 'draft', 'pending', 'private']
        : ['publish']
      : requested === 'any'
        ? ['publish', 'future', 'draft', 'pending', 'private']
        : requested;
  return {
    statuses,
    /** When set, records with a status other than 'publish' must be authored by this user id (null: nothing to restrict). */
    restrictNonPublishToAuthor:
      Policy.mayReadAnyNonPublic(caller) || statuses.every((s) => s === 'publish') ? null : caller.userId ?? -1,
  };
}

/**
 * The `status` filter of the record lists (§8.4, §10.6): a list of statuses, or the single value `any` (any letter case).
 * Unknown values → rest_not_in_enum; anything but `publish` from a caller who may not filter → rest_not_allowed_value.
 */
export function readStatusFilter(sent: string[], caller: Caller): RecordStatus[] | 'any' {
  const values = sent.map((s) => s.trim().toLowerCase()).filter((s) => s !== '');
  const isAny = values.length === 1 && values[0] === 'any';
  if (!isAny && (values.length === 0 || values.some((v) => !(RECORD_STATUSES as readonly string[]).includes(v)))) {
    throw invalidParam('status', 'rest_not_in_enum', { values: [...RECORD_STATUSES, 'any'].join(', ') });
  }
  const notAllowed = values.find((v) => v !== 'publish');
  if (notAllowed !== undefined && !Policy.mayFilterNonPublishStatuses(caller)) {
    throw invalidParam('status', 'rest_not_allowed_value', { value: notAllowed });
  }
  return isAny ? 'any' : ([...new Set(values)] as RecordStatus[]);
}

/**
 * PORT: the known user ids (CONTRACT §3.2). A user becomes known when listed in AUTH_USERS or first seen in a valid
 * token. `author` values on writes must be known.
 */
export abstract class UserDirectory {
  abstract isKnown(userId: number): Promise<boolean>;
  abstract remember(userIds: number[]): Promise<void>;
}

/** In-memory adapter: unit tests and a cache in front of the database adapter. */
export class InMemoryUserDirectory extends UserDirectory {
  private readonly known = new Set<number>();
  async isKnown(userId: number): Promise<boolean> {
    return this.known.has(userId);
  }
  async remember(userIds: number[]): Promise<void> {
    for (const id of userIds) this.known.add(id);
  }
}

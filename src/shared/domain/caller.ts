/**
 * Who is asking (CONTRACT §3). The role always comes from the current token; anonymous callers have no user id.
 */
const ROLES = ['subscriber', 'contributor', 'author', 'editor', 'administrator'] as const;
export type Role = (typeof ROLES)[number];

export interface Caller {
  userId: number | null;
  role: Role | 'anonymous';
}

export const ANONYMOUS: Caller = Object.freeze({ userId: null, role: 'anonymous' });

const RANK: Record<Caller['role'], number> = {
  anonymous: 0,
  subscriber: 1,
  contributor: 2,
  author: 3,
  editor: 4,
  administrator: 5,
};

export const atLeast = (caller: Caller, role: Caller['role']) => RANK[caller.role] >= RANK[role];

/** The most powerful recognised role among `claims`, or subscriber when none is recognised. */
export function strongestRole(claims: string[]): Role {
  let best: Role = 'subscriber';
  for (const claim of claims) {
    const role = claim.toLowerCase() as Role;
    if ((ROLES as readonly string[]).includes(role) && RANK[role] > RANK[best]) best = role;
  }
  return best;
}

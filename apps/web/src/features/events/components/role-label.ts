/** Translation keys of the role levels (spec section 6). */
export const ROLE_KEYS = { 0: 'roles.admin', 1: 'roles.groupLeader', 2: 'roles.volunteer' } as const;

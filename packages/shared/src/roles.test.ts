import { describe, expect, it } from 'vitest';
import { INVITED_ROLE, ROLE_LABELS, ROLES, roleSchema } from './roles.ts';

describe('roles', () => {
  it('are OWNER and MEMBER', () => {
    expect(ROLES).toEqual(['OWNER', 'MEMBER']);
    expect(roleSchema.parse('OWNER')).toBe('OWNER');
    expect(roleSchema.parse('MEMBER')).toBe('MEMBER');
  });

  it('rejects anything else', () => {
    for (const bad of ['owner', 'ADMIN', '', null]) expect(roleSchema.safeParse(bad).success).toBe(false);
  });

  it('invites as MEMBER', () => {
    expect(INVITED_ROLE).toBe('MEMBER');
  });

  it('labels the badge of the organization page', () => {
    expect(ROLE_LABELS).toEqual({ OWNER: 'Owner', MEMBER: 'Member' });
  });
});

// @database pglite
import { describe, expect, it } from 'vitest';
import type { AppUser } from '../db/schema.ts';
import { SessionMemory } from './session-lookup.ts';

const profile = { user_id: 'u1', firstname: 'Ada' } as AppUser;
const NOW = 1_000_000;
const entry = { profile, expiresAt: NOW + 60_000, rememberedAt: NOW };

describe('SessionMemory', () => {
  it('recalls what it was told until it forgets everything', () => {
    const memory = new SessionMemory();
    memory.remember('token', entry, memory.generation);
    expect(memory.recall('token', NOW)?.profile).toBe(profile);
    expect(memory.recall('other', NOW)).toBeUndefined();
    memory.forget();
    expect(memory.recall('token', NOW)).toBeUndefined();
  });

  it('does not keep a read that a write overtook', () => {
    const memory = new SessionMemory();
    const readBegan = memory.generation;
    memory.forget(); // a write to the session tables while the read was under way
    memory.remember('token', entry, readBegan);
    expect(memory.recall('token', NOW)).toBeUndefined();
  });

  it('recalls nothing while the writes of other processes cannot be heard (PostgreSQL: its LISTEN is down)', () => {
    let hearing = true;
    const memory = new SessionMemory(() => hearing);
    memory.remember('token', entry, memory.generation);
    hearing = false;
    expect(memory.recall('token', NOW)).toBeUndefined();
    hearing = true;
    expect(memory.recall('token', NOW)?.profile).toBe(profile);
  });

  it('lets an entry lapse after its lifetime', () => {
    const memory = new SessionMemory();
    memory.remember('token', entry, memory.generation);
    expect(memory.recall('token', NOW + SessionMemory.LIFETIME_MS)).toBeDefined();
    expect(memory.recall('token', NOW + SessionMemory.LIFETIME_MS + 1)).toBeUndefined();
  });

  it('drops the oldest entry past its size', () => {
    const memory = new SessionMemory();
    for (let index = 0; index <= SessionMemory.MAX_ENTRIES; index++)
      memory.remember(`token-${index}`, entry, memory.generation);
    expect(memory.recall('token-0', NOW)).toBeUndefined();
    expect(memory.recall('token-1', NOW)).toBeDefined();
    expect(memory.recall(`token-${SessionMemory.MAX_ENTRIES}`, NOW)).toBeDefined();
  });
});

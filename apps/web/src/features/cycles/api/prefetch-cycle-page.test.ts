import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { projectCyclesQueryOptions } from '../../../shared/api/list-cycles';
import { cycleQueryOptions } from './get-cycle';
import { prefetchCyclePage } from './prefetch-cycle-page';

const PROJECT = '0b8a7f0e-7a43-4c8e-9d3f-2f0f5c1d6a01';
const CURRENT = '5c3e2d1a-9b8c-4d7e-8f6a-1b2c3d4e5f60';
const NEXT = '6d4f3e2b-0c9d-4e8f-9a7b-2c3d4e5f6a71';
const CYCLES = {
  settings: { enabled: true, weeks: 2, week_start: 1 },
  cycles: [
    { cycle_id: NEXT, state: 'next' },
    { cycle_id: CURRENT, state: 'current' },
  ],
};

/** The requests sent, by address: the cycles' list answers CYCLES, every other read `{}`. */
function countRequests(): Map<string, number> {
  const requests = new Map<string, number>();
  vi.stubGlobal('fetch', async (address: string) => {
    requests.set(address, (requests.get(address) ?? 0) + 1);
    const body = address.endsWith('/cycles') ? CYCLES : {};
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return requests;
}

describe("the cycle page's prefetch", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('on /cycles reads the current cycle once the cycles name it, and takes the list the board cached', async () => {
    const requests = countRequests();
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
    client.setQueryData(projectCyclesQueryOptions(PROJECT).queryKey, CYCLES as never);
    prefetchCyclePage(client, PROJECT);
    await vi.waitFor(() =>
      expect(client.getQueryState(cycleQueryOptions(PROJECT, CURRENT).queryKey)?.status).toBe('success'),
    );
    expect(Object.fromEntries(requests)).toEqual({ '/api/projects': 1, [`/api/cycles/${CURRENT}`]: 1 });
  });

  it('with a cycle in the address reads that cycle beside the list, not after it', async () => {
    const requests = countRequests();
    const client = new QueryClient();
    prefetchCyclePage(client, PROJECT, NEXT);
    // Both asked at once: neither waits for the other's answer.
    expect(client.getQueryState(cycleQueryOptions(PROJECT, NEXT).queryKey)?.fetchStatus).toBe('fetching');
    expect(client.getQueryState(projectCyclesQueryOptions(PROJECT).queryKey)?.fetchStatus).toBe('fetching');
    await vi.waitFor(() =>
      expect(client.getQueryState(cycleQueryOptions(PROJECT, NEXT).queryKey)?.status).toBe('success'),
    );
    expect(requests.get(`/api/cycles/${NEXT}`)).toBe(1);
    expect(requests.has(`/api/cycles/${CURRENT}`)).toBe(false);
  });
});

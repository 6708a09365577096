import { describe, expect, it } from 'vitest';
import { firstPagePreloadHeader } from './first-page-preloads.ts';

const signedIn = 'theme=dark; figgle.session_token=abc.def';
const projectId = '3f0c6a1e-8b4d-4c2a-9e7f-1a2b3c4d5e6f';

describe('first page preloads', () => {
  it('announces the session, the user and the projects for a signed-in /projects', () => {
    expect(firstPagePreloadHeader('/projects', signedIn)).toBe(
      [
        '</api/auth/get-session>; rel=preload; as=fetch; crossorigin=use-credentials',
        '</api/me>; rel=preload; as=fetch; crossorigin=use-credentials',
        '</api/projects>; rel=preload; as=fetch; crossorigin=use-credentials',
      ].join(', '),
    );
  });

  it("announces a board's project and tasks", () => {
    const header = firstPagePreloadHeader(`/project/${projectId}/kanban`, signedIn);
    expect(header).toContain(`</api/projects/${projectId}>`);
    expect(header).toContain(`</api/projects/${projectId}/tasks>`);
  });

  it('announces nothing without a session cookie, or for pages it does not know', () => {
    expect(firstPagePreloadHeader('/projects', undefined)).toBeUndefined();
    expect(firstPagePreloadHeader('/projects', 'theme=dark')).toBeUndefined();
    expect(firstPagePreloadHeader('/settings/profile', signedIn)).toBeUndefined();
    expect(firstPagePreloadHeader('/project/not-a-uuid/kanban', signedIn)).toBeUndefined();
  });

  it('also reads the __Secure- cookie used over https', () => {
    expect(firstPagePreloadHeader('/my-tasks', '__Secure-figgle.session_token=x')).toContain(
      '</api/my-tasks>',
    );
  });
});

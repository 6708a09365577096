// @database pglite
import { describe, expect, it } from 'vitest';
import { parseBuildManifest } from './build-manifest.ts';
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
    expect(header).toContain(`</api/projects/${projectId}/tasks?shape=compact>`);
  });

  it("announces a task page's task, structure and activity, as the web app's prefetch reads them", () => {
    const header = firstPagePreloadHeader(`/task/${projectId}`, signedIn);
    for (const read of ['', '/structure', '/timeline'])
      expect(header).toContain(
        `</api/tasks/${projectId}${read}>; rel=preload; as=fetch; crossorigin=use-credentials`,
      );
    expect(firstPagePreloadHeader('/task/not-a-uuid', signedIn)).toBeUndefined();
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

  it("announces the entry first, then the data, then the page's own chunks, once each", () => {
    const manifest = parseBuildManifest(
      JSON.stringify({
        'index.html': {
          file: 'assets/index-1.js',
          isEntry: true,
          imports: ['_runtime.js'],
          css: ['assets/index-1.css'],
        },
        '_runtime.js': { file: 'assets/runtime-1.js' },
        'src/features/tasks/routes/tasks-page.tsx': {
          file: 'assets/tasks-page-1.js',
          imports: ['_runtime.js', '_select.js'],
          css: ['assets/tasks-page-1.css'],
        },
        '_select.js': { file: 'assets/select-1.js' },
        'src/features/tasks/components/board/board.tsx': {
          file: 'assets/board-1.js',
          imports: ['_select.js'],
        },
      }),
    );
    const header = firstPagePreloadHeader(`/project/${projectId}/kanban`, signedIn, {
      manifest,
      basicsEmbedded: true,
    });
    expect(header?.split(', ')).toEqual([
      '</assets/index-1.css>; rel=preload; as=style; crossorigin',
      '</assets/index-1.js>; rel=modulepreload; crossorigin',
      '</assets/runtime-1.js>; rel=modulepreload; crossorigin',
      `</api/projects/${projectId}>; rel=preload; as=fetch; crossorigin=use-credentials`,
      `</api/projects/${projectId}/tasks?shape=compact>; rel=preload; as=fetch; crossorigin=use-credentials`,
      `</api/projects/${projectId}/cycles>; rel=preload; as=fetch; crossorigin=use-credentials`,
      `</api/projects/${projectId}/custom-fields>; rel=preload; as=fetch; crossorigin=use-credentials`,
      '</assets/tasks-page-1.css>; rel=preload; as=style; crossorigin',
      '</assets/tasks-page-1.js>; rel=preload; as=script; crossorigin',
      '</assets/select-1.js>; rel=preload; as=script; crossorigin',
      '</assets/board-1.js>; rel=preload; as=script; crossorigin',
    ]);
    // The list view has no board code to announce.
    expect(firstPagePreloadHeader(`/project/${projectId}/list`, signedIn, { manifest })).not.toContain(
      'board-1',
    );
  });
});

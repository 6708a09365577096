import { afterEach, describe, expect, it } from 'vitest';
import { onNewTaskRequested, requestNewTask, takeTemplateRequest } from './app-actions';

const unsubscribes: (() => void)[] = [];
afterEach(() => {
  for (const unsubscribe of unsubscribes.splice(0)) unsubscribe();
});

/** A project screen listening for requests: it takes those for its own project or for "the one shown". */
function projectScreen(projectId: string, opened: string[]) {
  unsubscribes.push(
    onNewTaskRequested((requested) => {
      if (requested !== undefined && requested !== projectId) return false;
      opened.push(projectId);
      return true;
    }),
  );
}

describe('requestNewTask', () => {
  it('reaches the screen of the project shown', () => {
    const opened: string[] = [];
    projectScreen('p1', opened);
    requestNewTask();
    requestNewTask('p1');
    expect(opened).toEqual(['p1', 'p1']);
  });

  it('waits for the screen of the project asked for when it is not shown yet, and is delivered once', () => {
    const opened: string[] = [];
    projectScreen('p1', opened);
    requestNewTask('p2');
    expect(opened).toEqual([]);
    projectScreen('p2', opened);
    projectScreen('p2', opened);
    expect(opened).toEqual(['p2']);
  });

  it('does not keep a request for "the project shown" when none is', () => {
    requestNewTask();
    const opened: string[] = [];
    projectScreen('p1', opened);
    expect(opened).toEqual([]);
  });

  it('stops reaching a screen that stopped listening', () => {
    const opened: string[] = [];
    const stop = onNewTaskRequested(() => {
      opened.push('gone');
      return true;
    });
    stop();
    requestNewTask();
    expect(opened).toEqual([]);
  });
});

describe('takeTemplateRequest', () => {
  it('says once that the request asked for a template, and not for a plain request', () => {
    const opened: string[] = [];
    projectScreen('p1', opened);
    requestNewTask('p1', { fromTemplate: true });
    expect(takeTemplateRequest()).toBe(true);
    expect(takeTemplateRequest()).toBe(false);
    requestNewTask('p1');
    expect(takeTemplateRequest()).toBe(false);
    expect(opened).toEqual(['p1', 'p1']);
  });
});

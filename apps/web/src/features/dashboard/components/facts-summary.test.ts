import type { WeeklyFacts } from '@figgle/shared/weekly-summary-schemas';
import { describe, expect, it } from 'vitest';
import { factsSummary } from './facts-summary';

const week = (facts: Omit<WeeklyFacts, 'since' | 'until'>): WeeklyFacts => ({
  since: '',
  until: '',
  ...facts,
});

describe('factsSummary', () => {
  // The expected texts are what the server's writeFactsSummary writes for the same figures.
  it("reads in English exactly as the server's summary", () => {
    expect(
      factsSummary(week({ created: 0, completed: 0, overdue: 0, active_projects: [], movers: [] })),
    ).toBe('A quiet week: no task was created or completed in the last 7 days.\nNothing is overdue.');
    expect(
      factsSummary(
        week({
          created: 1,
          completed: 3,
          overdue: 1,
          active_projects: [{ name: 'Web', trigram: 'WEB', changes: 1 }],
          movers: [{ name: 'Ada', changes: 1, moved: 0, completed: 0 }],
        }),
      ),
    ).toBe(
      'In the last 7 days, 1 task was created and 3 tasks were completed.\n1 task is overdue now.\nMost active: Web (1 change).\nAda made 1 change.',
    );
    expect(
      factsSummary(
        week({
          created: 1200,
          completed: 1,
          overdue: 4,
          active_projects: [
            { name: 'Web', trigram: 'WEB', changes: 12 },
            { name: 'App', trigram: 'APP', changes: 2 },
            { name: 'Ops', trigram: 'OPS', changes: 1 },
          ],
          movers: [
            { name: 'Ada', changes: 5, moved: 1, completed: 0 },
            { name: 'Ben', changes: 9, moved: 4, completed: 2 },
          ],
        }),
      ),
    ).toBe(
      'In the last 7 days, 1,200 tasks were created and 1 task was completed.\n4 tasks are overdue now.\nMost active: Web (12 changes), App (2 changes) and Ops (1 change).\nAda made 5 changes and moved 1 task.\nBen made 9 changes and moved 4 tasks, 2 of them to Done.',
    );
  });
});

import { forecastMilestone } from '@figgle/shared/milestone-forecast';
import type { MilestoneView } from '@figgle/shared/milestone-schemas';
import { describe, expect, it } from 'vitest';
import { forecastWords } from './milestone-state';

function milestone(total: number, done: number, doneRecently: number): MilestoneView {
  return {
    milestone_id: '00000000-0000-4000-8000-000000000001',
    project_id: '00000000-0000-4000-8000-000000000002',
    name: 'Beta',
    description: '',
    target_date: '2026-12-31',
    tasks: { done, total },
    points: null,
    created_at: '2026-11-01T00:00:00.000Z',
    ...forecastMilestone({ total, done, doneRecently }, '2026-11-30', '2026-12-31'),
  };
}

describe('forecastWords', () => {
  it('reads in English exactly as the server words the forecast', () => {
    for (const [total, done, recently] of [
      [0, 0, 0],
      [3, 3, 1],
      [3, 1, 0],
      [3, 2, 0],
      [7, 4, 4],
      [4, 3, 3],
      [2, 1, 1],
    ] as const) {
      const view = milestone(total, done, recently);
      expect(forecastWords(view)).toBe(view.forecast_words);
    }
  });
});

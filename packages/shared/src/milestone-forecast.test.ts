import { describe, expect, it } from 'vitest';
import { forecastMilestone } from './milestone-forecast.ts';

describe('forecastMilestone', () => {
  it('projects the open tasks at the pace of the last 28 days, rounded up to a day', () => {
    // 4 finished in 28 days: one a week; 3 open take 21 days.
    expect(forecastMilestone({ total: 7, done: 4, doneRecently: 4 }, '2026-11-30', '2026-12-31')).toEqual({
      forecast_date: '2026-12-21',
      done_recently: 4,
      forecast_days: 21,
      state: 'on_track',
      forecast_words:
        'At the pace of the last 4 weeks (4 tasks finished), the 3 open tasks take about 21 days.',
    });
    // 3 finished in 28 days, 1 open: 9.33 days, so 10.
    expect(forecastMilestone({ total: 4, done: 3, doneRecently: 3 }, '2026-11-30', '2026-12-01')).toEqual({
      forecast_date: '2026-12-10',
      done_recently: 3,
      forecast_days: 10,
      state: 'at_risk',
      forecast_words:
        'At the pace of the last 4 weeks (3 tasks finished), the 1 open task takes about 10 days.',
    });
  });
  it('crosses months and years', () => {
    expect(
      forecastMilestone({ total: 2, done: 1, doneRecently: 1 }, '2026-12-20', '2027-03-01').forecast_date,
    ).toBe('2027-01-17');
  });
  it('has no forecast without tasks, when all are done, or without a recent pace', () => {
    expect(forecastMilestone({ total: 0, done: 0, doneRecently: 0 }, '2026-11-30', '2026-12-01').state).toBe(
      'empty',
    );
    expect(forecastMilestone({ total: 3, done: 3, doneRecently: 0 }, '2026-11-30', '2026-12-01').state).toBe(
      'complete',
    );
    expect(forecastMilestone({ total: 3, done: 1, doneRecently: 0 }, '2026-11-30', '2026-12-01')).toEqual({
      forecast_date: null,
      done_recently: 0,
      forecast_days: null,
      state: 'no_pace',
      forecast_words:
        'No forecast: none of its tasks was finished in the last 4 weeks, and 2 tasks are open.',
    });
  });
  it('is at risk when its target has passed with tasks open and no pace', () => {
    expect(forecastMilestone({ total: 3, done: 2, doneRecently: 0 }, '2026-11-30', '2026-11-01').state).toBe(
      'at_risk',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { calibrate, describeCalibration } from './calibration.ts';

describe('calibrate', () => {
  it('times the fixed workload and reads the load average', () => {
    const calibration = calibrate();
    expect(calibration.ms).toBeGreaterThan(0);
    expect(calibration.load).toBeGreaterThanOrEqual(0);
    // Six rounds of a ~150 ms workload: on a busy machine (the other test steps) over vitest's 5 s.
  }, 30_000);

  it('reads as milliseconds and load', () => {
    expect(describeCalibration({ ms: 151.6, load: 0.83 })).toBe('152 ms, load 0.8');
  });
});

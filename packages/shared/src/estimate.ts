import { z } from 'zod';

/**
 * A project's estimate scale (issue 42, migration 0023): none, story points (1, 2, 3, 5, 8, 13) or
 * t-shirt sizes (XS to XL). A task's estimate is one of its project's scale's values, stored as the
 * value's own word ('5', 'M'); a project without a scale has no estimates.
 */
export const ESTIMATE_SCALES = ['none', 'points', 'tshirt'] as const;
export type EstimateScale = (typeof ESTIMATE_SCALES)[number];
export const estimateScaleSchema = z.enum(ESTIMATE_SCALES, {
  error: 'The estimate scale is one of none, points or tshirt.',
});

export const ESTIMATE_SCALE_LABELS: Record<EstimateScale, string> = {
  none: 'None',
  points: 'Points (1, 2, 3, 5, 8, 13)',
  tshirt: 'T-shirt sizes (XS to XL)',
};

const POINT_ESTIMATES = ['1', '2', '3', '5', '8', '13'] as const;
const TSHIRT_ESTIMATES = ['XS', 'S', 'M', 'L', 'XL'] as const;
export const ESTIMATES = [...POINT_ESTIMATES, ...TSHIRT_ESTIMATES] as const;
export type Estimate = (typeof ESTIMATES)[number];

/** Each scale's values, smallest first. */
export const ESTIMATE_VALUES: Record<EstimateScale, readonly Estimate[]> = {
  none: [],
  points: POINT_ESTIMATES,
  tshirt: TSHIRT_ESTIMATES,
};

/** Any value of any scale; whether it fits the task's project is the server's check. */
export const estimateSchema = z.enum(ESTIMATES, {
  error: `An estimate is one of ${ESTIMATES.join(', ')}, or null for none.`,
});

export function isEstimateOf(scale: EstimateScale, value: string): value is Estimate {
  return (ESTIMATE_VALUES[scale] as readonly string[]).includes(value);
}

/** The scale a value belongs to; null for a text that is no estimate. */
export function scaleOfEstimate(value: string): Exclude<EstimateScale, 'none'> | null {
  if (isEstimateOf('points', value)) return 'points';
  if (isEstimateOf('tshirt', value)) return 'tshirt';
  return null;
}

/** The estimate a scale shows: a value of another scale (or none) shows as no estimate. */
export function shownEstimate(scale: EstimateScale, value: string | null | undefined): Estimate | null {
  return value != null && isEstimateOf(scale, value) ? value : null;
}

/**
 * Where an estimate sorts: points by their number, t-shirt sizes from XS (1) to XL (5); none is null.
 * Points and sizes never meet in one project, so one order serves both.
 */
export function estimateRank(value: string | null | undefined): number | null {
  if (value == null) return null;
  if (isEstimateOf('points', value)) return Number(value);
  const size = (TSHIRT_ESTIMATES as readonly string[]).indexOf(value);
  return size === -1 ? null : size + 1;
}

/**
 * What a group of tasks adds up to: points sum ("13 pts"), sizes are counted per size ("2 S · 1 L",
 * since a size is no number); null when none of them has an estimate of the scale.
 */
export function estimateTotal(
  scale: EstimateScale,
  values: ReadonlyArray<string | null | undefined>,
): string | null {
  if (scale === 'points') {
    let sum = 0;
    let any = false;
    for (const value of values) {
      if (value != null && isEstimateOf('points', value)) {
        sum += Number(value);
        any = true;
      }
    }
    return any ? `${sum} ${sum === 1 ? 'pt' : 'pts'}` : null;
  }
  if (scale === 'tshirt') {
    const counts = new Map<string, number>();
    for (const value of values) {
      if (value != null && isEstimateOf('tshirt', value)) counts.set(value, (counts.get(value) ?? 0) + 1);
    }
    const parts = TSHIRT_ESTIMATES.filter((size) => counts.has(size)).map(
      (size) => `${counts.get(size)} ${size}`,
    );
    return parts.length === 0 ? null : parts.join(' · ');
  }
  return null;
}

/**
 * The words of an ESTIMATE line of the change log, after the author's name: "changed the estimate
 * from 3 to 5", "set the estimate to M", "cleared the estimate (was 8)".
 */
export function estimateLogWords(change: { old: string | null; new: string | null }): string {
  if (change.old === null)
    return change.new === null ? 'cleared the estimate' : `set the estimate to ${change.new}`;
  if (change.new === null) return `cleared the estimate (was ${change.old})`;
  return `changed the estimate from ${change.old} to ${change.new}`;
}

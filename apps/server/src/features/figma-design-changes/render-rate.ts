/**
 * Figma's images endpoint (`GET /v1/images/:key`) is a Tier 1 endpoint: 10 requests a minute for a
 * Dev or Full seat on a Professional plan, 15 on Organization, 20 on Enterprise, and far less for
 * View or Collab seats (docs/figma-api.md#rates). Re-renders after a design change keep to the
 * smallest paid budget, per organization (one Figma connection each) and per server process, so the
 * people who open tasks (their renders use the same budget) are not the ones rate limited.
 */
export const IMAGE_RENDERS_PER_MINUTE = 10;
const WINDOW_MS = 60_000;

const spent = new Map<string, number[]>();

/**
 * Takes one render from the token's budget at `now`: 0 when it may go now, else how many
 * milliseconds until the oldest render of the last minute leaves the window (nothing is taken then).
 */
export function takeRender(
  baseUrl: string,
  organizationId: string,
  now: number,
  perMinute = IMAGE_RENDERS_PER_MINUTE,
): number {
  const key = `${baseUrl}#${organizationId}`;
  // A clock set back (a test's) does not leave renders "in the future" blocking the budget.
  const recent = (spent.get(key) ?? []).filter((at) => at > now - WINDOW_MS && at <= now);
  if (recent.length >= perMinute) {
    spent.set(key, recent);
    return recent[0]! + WINDOW_MS - now;
  }
  recent.push(now);
  spent.set(key, recent);
  return 0;
}

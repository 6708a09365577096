import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock/clock.ts';
import type { Database } from '../../db/schema.ts';
import type { Env } from '../../env.ts';
import { activeProjects, overdueCount } from '../dashboard/queries.ts';
import { writeFactsSummary } from './facts-text.ts';
import { askModelForSummary, ModelFailure, type ModelSettings } from './model-client.ts';
import { presentFacts, type WrittenSummary } from './presenter.ts';
import { organizationsOf, topMovers, weekTotals } from './queries.ts';
import { SummaryCache } from './summary-cache.ts';

/** A model's summary is kept this long per viewer and set of organizations. */
const MODEL_SUMMARY_KEPT_MS = 60 * 60 * 1000;
/** Viewers whose model summary is kept at once; beyond, the oldest is asked again. */
const MODEL_SUMMARIES_KEPT = 2_000;
/**
 * Model calls one person may cause per hour (each is paid for): a new organization, joined or left,
 * asks again, so the cache alone does not bound them. Past it, the facts are shown until the hour ends.
 */
const MODEL_CALLS_PER_PERSON_PER_HOUR = 10;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** The server's own day, as YYYY-MM-DD in UTC. */
function dayOf(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/**
 * The viewer's day, as the page sends it, within a day of the server's (time zones span UTC-12 to
 * UTC+14): a date far off would only change what counts as overdue, but it is no day anyone lives in.
 */
function clampToday(today: string | undefined, now: Date): string | undefined {
  if (today === undefined) return undefined;
  const earliest = dayOf(new Date(now.getTime() - DAY_MS));
  const latest = dayOf(new Date(now.getTime() + DAY_MS));
  if (today < earliest) return earliest;
  if (today > latest) return latest;
  return today;
}

/** Model calls per person in the current hour, forgotten when the hour ends. */
class CallsPerPerson {
  private readonly calls = new Map<string, { until: number; count: number }>();

  constructor(
    private readonly limit: number,
    private readonly now: () => number,
  ) {}

  /** Counts a call for `userId` and says whether it is allowed. */
  take(userId: string): boolean {
    const now = this.now();
    for (const [key, entry] of this.calls) if (entry.until <= now) this.calls.delete(key);
    const entry = this.calls.get(userId) ?? { until: now + HOUR_MS, count: 0 };
    this.calls.set(userId, entry);
    if (entry.count >= this.limit) return false;
    entry.count += 1;
    return true;
  }
}

function modelSettingsOf(env: Env): ModelSettings | null {
  if (!env.LLM_API_URL || !env.LLM_API_KEY || !env.LLM_MODEL) return null;
  return { url: env.LLM_API_URL, key: env.LLM_API_KEY, model: env.LLM_MODEL, timeoutMs: env.LLM_TIMEOUT_MS };
}

async function weeklyFacts(db: Kysely<Database>, userId: string, today: string | undefined) {
  // Independent reads: on PostgreSQL they run side by side on the pool.
  const [totals, overdue, projects, movers] = await Promise.all([
    weekTotals(db, userId),
    overdueCount(db, userId, today),
    activeProjects(db, userId),
    topMovers(db, userId),
  ]);
  return presentFacts({ totals, overdue, activeProjects: projects, movers });
}

export type WeeklySummaryWriter = (
  userId: string,
  today: string | undefined,
  log: FastifyBaseLogger,
) => Promise<WrittenSummary>;

/**
 * The viewer's summary of the last 7 days. Without a model, Figgle writes it from the facts. With
 * one, the model writes it from the same facts (those of the viewer's organizations only); its
 * answer is kept for an hour, and any failure shows the factual summary instead, kept for nobody.
 */
export function createWeeklySummaryWriter(db: Kysely<Database>, env: Env, clock: Clock): WeeklySummaryWriter {
  const settings = modelSettingsOf(env);
  const now = () => clock.now().getTime();
  const cache = new SummaryCache<WrittenSummary>(MODEL_SUMMARY_KEPT_MS, MODEL_SUMMARIES_KEPT, now);
  const calls = new CallsPerPerson(MODEL_CALLS_PER_PERSON_PER_HOUR, now);

  return async (userId, asked, log) => {
    const today = clampToday(asked, clock.now());
    if (!settings) {
      const facts = await weeklyFacts(db, userId, today);
      return { facts, text: writeFactsSummary(facts), model: null, writtenAt: new Date() };
    }
    // Joining or leaving an organization changes the key: a summary never outlives what it may show.
    // The day in the key is the server's, not the page's: each `today` a page sends is no new call.
    const key = JSON.stringify([userId, dayOf(clock.now()), await organizationsOf(db, userId)]);
    return cache.get(key, async () => {
      const facts = await weeklyFacts(db, userId, today);
      if (!calls.take(userId)) {
        log.info('weekly summary: this person reached the hourly model calls, the facts are shown');
        return {
          value: { facts, text: writeFactsSummary(facts), model: null, writtenAt: new Date() },
          keep: false,
        };
      }
      try {
        const text = await askModelForSummary(settings, facts);
        return { value: { facts, text, model: settings.model, writtenAt: new Date() }, keep: true };
      } catch (error) {
        if (!(error instanceof ModelFailure)) throw error;
        log.warn({ reason: error.message }, 'weekly summary: the language model failed, the facts are shown');
        return {
          value: { facts, text: writeFactsSummary(facts), model: null, writtenAt: new Date() },
          keep: false,
        };
      }
    });
  };
}

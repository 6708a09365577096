import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
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
export function createWeeklySummaryWriter(db: Kysely<Database>, env: Env): WeeklySummaryWriter {
  const settings = modelSettingsOf(env);
  const cache = new SummaryCache<WrittenSummary>(MODEL_SUMMARY_KEPT_MS, MODEL_SUMMARIES_KEPT);

  return async (userId, today, log) => {
    if (!settings) {
      const facts = await weeklyFacts(db, userId, today);
      return { facts, text: writeFactsSummary(facts), model: null, writtenAt: new Date() };
    }
    // Joining or leaving an organization changes the key: a summary never outlives what it may show.
    const key = JSON.stringify([userId, today ?? null, await organizationsOf(db, userId)]);
    return cache.get(key, async () => {
      const facts = await weeklyFacts(db, userId, today);
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

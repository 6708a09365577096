// The summary Figgle writes itself from the week's figures, in the reader's language: the server's
// writeFactsSummary (weekly-summary/facts-text.ts) says the same in English, word for word. A
// language model's summary is shown as the model wrote it.
import type { WeeklyFacts } from '@figgle/shared/weekly-summary-schemas';
import { intlLocale, t } from '../../../lib/i18n/i18n';

function listed(items: string[]): string {
  if (items.length <= 1) return items.join('');
  if (intlLocale() === 'en') return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
  return new Intl.ListFormat(intlLocale(), { type: 'conjunction' }).format(items);
}

function moverLine(mover: WeeklyFacts['movers'][number]): string {
  const values = { name: mover.name, changes: mover.changes, moved: mover.moved };
  if (mover.moved === 0) return t('wave2.summaryMover', values);
  if (mover.completed === 0) return t('wave2.summaryMoverMoved', values);
  return t('wave2.summaryMoverMovedDone', { ...values, completed: String(mover.completed) });
}

/** One plain sentence per line, as the server's facts summary. */
export function factsSummary(facts: WeeklyFacts): string {
  const lines = [
    facts.created === 0 && facts.completed === 0
      ? t('wave2.summaryQuiet')
      : t('wave2.summaryWeek', { created: facts.created, completed: facts.completed }),
    facts.overdue === 0
      ? t('wave2.summaryNothingOverdue')
      : t('wave2.summaryOverdue', { count: facts.overdue }),
  ];
  if (facts.active_projects.length > 0) {
    const projects = facts.active_projects.map((project) =>
      t('wave2.summaryProject', { name: project.name, count: project.changes }),
    );
    lines.push(t('wave2.summaryMostActive', { projects: listed(projects) }));
  }
  lines.push(...facts.movers.map(moverLine));
  return lines.join('\n');
}

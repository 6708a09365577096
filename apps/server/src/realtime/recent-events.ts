import { topics } from '@figgle/shared/realtime-protocol';
import type { BusEvent } from './bus.ts';

/** How long an event is remembered: the app's reads stay fresh for a minute before it reads again. */
const REMEMBERED_MS = 60_000;

/**
 * The topics of one organization's data an event changes. The user-wide topics (my tasks, the inbox,
 * Figma events) are left out: their last event could be another organization's, and saying when it
 * happened would tell a socket about activity it may not see.
 */
function scopedTopicsOf(event: BusEvent): string[] {
  switch (event.kind) {
    case 'task':
      return [
        ...(event.projectId ? [topics.tasks(event.projectId)] : []),
        topics.task(event.id),
        ...(event.action !== 'updated' ? [topics.projects(event.organizationId)] : []),
      ];
    case 'comment':
    case 'log':
      return event.taskId ? [topics.task(event.taskId)] : [];
    case 'project':
    case 'organization':
    case 'membership':
    case 'label':
      return [topics.projects(event.organizationId)];
    case 'figma_event':
    case 'notification':
      return [];
  }
}

/**
 * When each topic last had an event, for a socket subscribing to it. A page reads its data and then
 * subscribes (on a cold load, half a second apart): a change that lands in between reaches neither.
 * Told how long ago the topic's last event was, the client reads again what it read before it.
 */
export class RecentEvents {
  private readonly lastAt = new Map<string, number>();

  constructor(private readonly now: () => number = () => performance.now()) {}

  note(event: BusEvent): void {
    const at = this.now();
    for (const topic of scopedTopicsOf(event)) this.lastAt.set(topic, at);
  }

  /** How many ms ago the topic's last event was, if within the last minute. */
  msAgo(topic: string): number | undefined {
    const at = this.lastAt.get(topic);
    if (at === undefined) return undefined;
    const ago = this.now() - at;
    return ago <= REMEMBERED_MS ? Math.round(ago) : undefined;
  }

  /** Forgets what is older than a minute (called by the hub's sweep). */
  prune(): void {
    const oldest = this.now() - REMEMBERED_MS;
    for (const [topic, at] of this.lastAt) if (at < oldest) this.lastAt.delete(topic);
  }
}

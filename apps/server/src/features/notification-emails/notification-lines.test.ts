// @database pglite
import { describe, expect, it } from 'vitest';
import { notificationLine } from './notification-lines.ts';
import type { NotificationForEmail } from './queries.ts';

const row = (kind: NotificationForEmail['kind'], detail: Record<string, unknown>): NotificationForEmail => ({
  notification_id: '00000000-0000-4000-8000-000000000001',
  user_id: '00000000-0000-4000-8000-000000000002',
  task_id: '00000000-0000-4000-8000-000000000003',
  kind,
  detail,
  created_at: new Date('2026-10-02T09:00:00Z'),
  task_title: 'Pay button hover state',
  task_reference: 12,
  project_name: 'Checkout',
  project_trigram: 'chk',
  actor_name: null,
});

describe('a design change in the daily digest', () => {
  it('names the version and who saved it, or says a new version', () => {
    expect(
      notificationLine(row('design_changed', { version_label: 'Hover states v3', author: 'Grace Hopper' })),
    ).toBe('The linked design changed in Figma: “Hover states v3” by Grace Hopper');
    expect(notificationLine(row('design_changed', { version_label: null, author: null }))).toBe(
      'The linked design changed in Figma: a new version',
    );
  });
});

describe('a status change in an email', () => {
  it("names the statuses as the task's project does, else by their first names", () => {
    const change = { field: 'status', from: 'DOING', to: 'SHIPPED' };
    expect(
      notificationLine({ ...row('change', change), status_from_name: 'Doing', status_to_name: 'Shipped' }),
    ).toBe('Someone changed Status: Doing → Shipped');
    expect(notificationLine(row('change', { field: 'status', from: 'TODO', to: 'DONE' }))).toBe(
      'Someone changed Status: To Do → Done',
    );
  });
});

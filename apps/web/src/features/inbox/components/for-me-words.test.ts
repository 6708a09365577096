import type { NotificationView } from '@figgle/shared/notification-schemas';
import { describe, expect, it } from 'vitest';
import { actorName, forMeDetail, forMeVerb } from './for-me-words';

const designChanged: NotificationView = {
  notification_id: '00000000-0000-4000-8000-0000000000a1',
  kind: 'design_changed',
  detail: { version_id: '4100000001', version_label: 'Hover states v3', author: 'Grace Hopper' },
  created_at: '2026-10-02T11:30:00.000Z',
  read: false,
  actor: null,
  task: { task_id: '00000000-0000-4000-8000-0000000000b1', reference: 12, title: 'Pay button' },
  project: {
    project_id: '00000000-0000-4000-8000-0000000000c1',
    name: 'Checkout',
    emoji: 'fox',
    trigram: 'CHK',
  },
};

describe('a design change in "For me"', () => {
  it('says Figma changed the linked design, with the version and its author', () => {
    expect(`${actorName(designChanged)} ${forMeVerb(designChanged)}`).toBe(
      'Figma changed the linked design of',
    );
    expect(forMeDetail(designChanged)).toBe('Figma version “Hover states v3” by Grace Hopper');
    expect(forMeDetail({ ...designChanged, detail: { version_label: null, author: null } })).toBe(
      'A new Figma version',
    );
  });
});

describe('a status change in "For me"', () => {
  const change: NotificationView = { ...designChanged, kind: 'change', actor: null };

  it("names the statuses as the task's project does, else by their first names", () => {
    expect(
      forMeDetail({
        ...change,
        detail: { field: 'status', from: 'DOING', to: 'SHIPPED', from_name: 'Doing', to_name: 'Shipped' },
      }),
    ).toBe('status Doing → Shipped');
    expect(forMeDetail({ ...change, detail: { field: 'status', from: 'TODO', to: 'DONE' } })).toBe(
      'status To Do → Done',
    );
  });
});

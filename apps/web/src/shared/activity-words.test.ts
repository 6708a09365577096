import { customFieldLogWords } from '@figgle/shared/custom-field-schemas';
import { cycleLogWords } from '@figgle/shared/cycle-words';
import { estimateLogWords } from '@figgle/shared/estimate';
import { describeLogChange, type LogMetadata } from '@figgle/shared/log-type';
import { milestoneLogWords } from '@figgle/shared/milestone-words';
import { structureLogWords } from '@figgle/shared/structure-log-words';
import { RELATION_SIDES } from '@figgle/shared/subtask-schemas';
import { afterEach, describe, expect, it } from 'vitest';
import { english } from '../lib/i18n/english-for-tests';
import { setCatalog } from '../lib/i18n/i18n';
import german from '../locales/de/activity.json';
import germanWave2 from '../locales/de/wave2.json';
import {
  changeWords,
  customFieldWords,
  cycleWords,
  estimateWords,
  milestoneWords,
  structureWords,
} from './activity-words';
import { shownStatusName } from './status-name';

const people = { u1: 'Ada Lovelace' };
const statusNames = { DOING: 'Doing', IN_REVIEW: 'In review' };

const changes: LogMetadata[] = [
  { status: { old: 'TODO', new: 'DOING' } },
  { status: { old: null, new: 'IN_REVIEW' } },
  { title: { old: 'Old', new: 'New' } },
  { title: { old: null, new: 'New' } },
  { assignee_id: { old: null, new: 'u1' } },
  { assignee_id: { old: 'u1', new: null } },
  { assignee_id: { old: null, new: 'u9' } },
  { content: true },
  { status: { old: 'TODO', new: 'DONE' }, title: { old: 'A', new: 'B' }, content: true },
];

describe('activity words', () => {
  afterEach(() => setCatalog('en', english, english));

  it('read in English exactly as the shared package words them', () => {
    for (const metadata of changes)
      expect(changeWords(metadata, people, statusNames)).toBe(
        describeLogChange(metadata, people, statusNames),
      );
    const structures: Array<[string, LogMetadata]> = [
      ['PARENT', { subtask: { task_id: 'a', reference: 'WEB-14', added: true } }],
      ['PARENT', { subtask: { task_id: 'a', reference: 'WEB-14', added: false } }],
      ['PARENT', { parent: { old: null, new: { task_id: 'b', reference: 'WEB-12' } } }],
      ['PARENT', { parent: { old: { task_id: 'b', reference: 'WEB-12' }, new: null } }],
      ...RELATION_SIDES.flatMap(
        (kind): Array<[string, LogMetadata]> => [
          ['RELATION', { relation: { kind, task_id: 'c', reference: 'WEB-9', added: true } }],
          ['RELATION', { relation: { kind, task_id: 'c', reference: 'WEB-9', added: false } }],
        ],
      ),
      ['STATUS', { status: { old: 'TODO', new: 'DOING' } }],
    ];
    for (const [type, metadata] of structures)
      expect(structureWords(type, metadata)).toBe(structureLogWords(type, metadata));
    for (const change of [
      { old: null, new: null },
      { old: null, new: '5' },
      { old: '3', new: null },
      { old: '3', new: '5' },
    ])
      expect(estimateWords(change)).toBe(estimateLogWords(change));
    const beta = { milestone_id: 'm1', name: 'Beta' };
    const launch = { milestone_id: 'm2', name: 'Launch' };
    for (const change of [
      { old: beta, new: launch },
      { old: null, new: beta },
      { old: beta, new: null },
      { old: null, new: null },
    ])
      expect(milestoneWords(change)).toBe(milestoneLogWords(change));
    const three = { cycle_id: 'c3', number: 3, name: 'Launch' };
    const four = { cycle_id: 'c4', number: 4, name: null };
    for (const [change, rollover] of [
      [{ old: three, new: four }, true],
      [{ old: three, new: four }, false],
      [{ old: null, new: three }, false],
      [{ old: four, new: null }, false],
      [{ old: null, new: null }, false],
    ] as const)
      expect(cycleWords(change, rollover)).toBe(cycleLogWords(change, rollover));
    for (const change of [
      { name: 'Team', old: null, new: 'Design' },
      { name: 'Team', old: 'Design', new: 'Web' },
      { name: 'Team', old: 'Design', new: null },
      { name: 'Team', old: null, new: null },
    ])
      expect(customFieldWords(change)).toBe(customFieldLogWords(change));
  });

  it("read in the reader's language, a first status by its name there, a renamed one as named", () => {
    const catalog = Object.fromEntries([
      ...Object.entries(german).map(([key, message]) => [`activity.${key}`, message]),
      ...Object.entries(germanWave2).map(([key, message]) => [`wave2.${key}`, message]),
    ]);
    setCatalog('de', catalog, english);
    expect(changeWords({ status: { old: 'TODO', new: 'DOING' } }, people, statusNames)).toBe(
      'Status Zu erledigen → In Arbeit',
    );
    expect(
      structureWords('RELATION', {
        relation: { kind: 'blocked_by', task_id: 'c', reference: 'WEB-2', added: true },
      }),
    ).toBe('hat die Aufgabe als blockiert durch WEB-2 markiert');
    expect(shownStatusName('DONE', 'Done')).toBe('Erledigt');
    expect(shownStatusName('DONE', 'Shipped')).toBe('Shipped');
    expect(shownStatusName('IN_REVIEW', 'In review')).toBe('In review');
  });
});

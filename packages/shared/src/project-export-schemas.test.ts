import { describe, expect, it } from 'vitest';
import {
  organizationExportSchema,
  type ProjectExport,
  projectExportSchema,
} from './project-export-schemas.ts';

const sample: ProjectExport = {
  format: 'figgle-project',
  version: 1,
  exported_at: '2026-11-27T12:00:00.000Z',
  project: {
    name: 'Website',
    trigram: 'WEB',
    emoji: 'fox',
    description: 'The public site',
    default_view: 'KANBAN',
    estimate_scale: 'points',
    last_reference: 1,
    cycle_settings: { enabled: true, weeks: 2, week_start: 1 },
    created_at: '2026-11-01T09:00:00.000Z',
    updated_at: '2026-11-02T09:00:00.000Z',
  },
  labels: [{ id: 'l1', name: 'Bug', color: 'red' }],
  members: [
    { id: 'u1', firstname: 'Ada', lastname: 'Lovelace', email: 'ada@example.test', role: 'OWNER' },
    { id: 'u2', firstname: 'Gone', lastname: 'Person', email: null, role: null },
  ],
  tasks: [
    {
      id: 't1',
      reference: 1,
      title: 'Fix the footer',
      status: 'DOING',
      rank: 'a0',
      description: {
        ops: [{ insert: 'Broken on ' }, { insert: 'mobile', attributes: { bold: true } }, { insert: '\n' }],
      },
      author: 'u1',
      author_name: '',
      assignee: 'u2',
      due_on: '2026-12-01',
      due_at: null,
      start_date: '2026-11-20',
      priority: 'HIGH',
      estimate: '5',
      parent: null,
      subtask_position: null,
      relations: [{ side: 'blocked_by', task: { id: 't9', reference: 'API-3' } }],
      milestone: 'm1',
      cycle: 'cy2',
      custom_values: [{ field: 'f1', value: 'o1' }],
      labels: ['l1'],
      checklist: [{ text: 'Check Safari', done: true, rank: 'a0', created_at: '2026-11-01T09:00:00.000Z' }],
      comments: [
        {
          id: 'c1',
          author: 'u2',
          author_name: '',
          created_at: '2026-11-01T10:00:00.000Z',
          content: { ops: [{ insert: 'On it\n' }] },
        },
      ],
      log: [
        { type: 'CREATION', author: 'u1', created_at: '2026-11-01T09:00:00.000Z', metadata: {} },
        {
          type: 'ASSIGNEE',
          author: 'u1',
          created_at: '2026-11-01T09:30:00.000Z',
          metadata: { assignee_id: { old: null, new: 'u2' } },
        },
        {
          type: 'COMMENT',
          author: 'u2',
          created_at: '2026-11-01T10:00:00.000Z',
          metadata: { comment_id: 'c1' },
        },
      ],
      uploads: [
        {
          name: 'footer.png',
          content_type: 'image/png',
          size: 1234,
          path: 'tasks/t1/footer.png',
          url: '/api/uploads/tasks/t1/footer.png',
          created_at: '2026-11-01T09:10:00.000Z',
        },
      ],
      from_figma: false,
      created_at: '2026-11-01T09:00:00.000Z',
      updated_at: '2026-11-01T10:00:00.000Z',
    },
  ],
  milestones: [
    {
      id: 'm1',
      name: 'Beta',
      target_date: '2026-12-15',
      description: '',
      created_at: '2026-11-01T09:00:00.000Z',
    },
  ],
  cycles: [
    {
      id: 'cy1',
      number: 1,
      name: null,
      starts_on: '2026-11-16',
      ends_on: '2026-11-30',
      closed_at: '2026-11-30T00:00:05.000Z',
      final_scope: 4,
      final_done: 3,
      final_scope_points: 8,
      final_done_points: 5,
    },
    {
      id: 'cy2',
      number: 2,
      name: 'Launch',
      starts_on: '2026-11-30',
      ends_on: '2026-12-14',
      closed_at: null,
      final_scope: null,
      final_done: null,
      final_scope_points: null,
      final_done_points: null,
    },
  ],
  custom_fields: [
    {
      id: 'f1',
      name: 'Platform',
      kind: 'single_select',
      unit: null,
      options: [{ id: 'o1', name: 'iOS', colour: 'blue' }],
    },
  ],
  templates: [
    {
      name: 'Release',
      title_pattern: 'Release {date}',
      description: { ops: [{ insert: 'Ship it\n' }] },
      checklist: ['Tag the build'],
      subtasks: ['Write the notes'],
      labels: ['l1'],
      priority: 'HIGH',
      estimate: null,
      custom_values: [{ field: 'f1', value: 'o1' }],
    },
  ],
};

describe('project export schema', () => {
  it('reads back what it describes, unchanged', () => {
    const text = JSON.stringify(sample);
    expect(projectExportSchema.parse(JSON.parse(text))).toEqual(sample);
  });

  it('refuses another version, another format, or a description that is no delta', () => {
    expect(projectExportSchema.safeParse({ ...sample, version: 2 }).success).toBe(false);
    expect(projectExportSchema.safeParse({ ...sample, format: 'trello' }).success).toBe(false);
    const badTask = { ...sample.tasks[0]!, description: { ops: [{ retain: 3 }] } };
    expect(projectExportSchema.safeParse({ ...sample, tasks: [badTask] }).success).toBe(false);
  });

  it('reads a file from before milestones and cycles as one without them', () => {
    const { milestones: _milestones, cycles: _cycles, ...older } = sample;
    const task = { ...sample.tasks[0]! } as Partial<ProjectExport['tasks'][number]>;
    delete task.milestone;
    delete task.cycle;
    const project = { ...sample.project } as Partial<ProjectExport['project']>;
    delete project.cycle_settings;
    const read = projectExportSchema.parse({ ...older, project, tasks: [task] });
    expect(read.milestones).toEqual([]);
    expect(read.cycles).toEqual([]);
    expect(read.project.cycle_settings).toBeNull();
    expect([read.tasks[0]!.milestone, read.tasks[0]!.cycle]).toEqual([null, null]);
  });

  it('refuses a cycle that ends before it starts, or two cycles of one number', () => {
    const [first, second] = sample.cycles;
    const backwards = { ...first!, ends_on: first!.starts_on };
    expect(projectExportSchema.safeParse({ ...sample, cycles: [backwards] }).success).toBe(false);
    const twice = { ...second!, number: 1 };
    expect(projectExportSchema.safeParse({ ...sample, cycles: [first, twice] }).success).toBe(false);
  });

  it('nests whole project exports in an organization export', () => {
    const organization = {
      format: 'figgle-organization',
      version: 1,
      exported_at: sample.exported_at,
      organization: { name: 'Acme', created_at: '2026-10-01T09:00:00.000Z' },
      members: sample.members,
      labels: sample.labels,
      projects: [sample],
    };
    expect(organizationExportSchema.parse(organization).projects[0]).toEqual(sample);
  });
});

import { describe, expect, it } from 'vitest';
import { TASK_TITLE_MAX } from './task-schemas.ts';
import {
  createTaskFromTemplateInput,
  fillTitlePattern,
  READY_TEMPLATES,
  readyTemplateView,
  saveTaskTemplateInput,
  TEMPLATE_CHECKLIST_MAX,
  TEMPLATE_SUBTASKS_MAX,
  TEMPLATE_TITLE_PATTERN_MAX,
  taskTemplateViewSchema,
} from './task-template-schemas.ts';

describe('task templates', () => {
  it('fill {date} in a title pattern, as often as it is written, and keep a title within its limit', () => {
    expect(fillTitlePattern('Release {date}', '2026-12-01')).toBe('Release 2026-12-01');
    expect(fillTitlePattern('{date}: sync {date}', '2026-12-01')).toBe('2026-12-01: sync 2026-12-01');
    expect(fillTitlePattern('Bug: ', '2026-12-01')).toBe('Bug:');
    expect(fillTitlePattern('{date}'.repeat(60), '2026-12-01')).toHaveLength(TASK_TITLE_MAX);
  });

  it('ship three ready templates with distinct ids, each a valid answer within the limits', () => {
    expect(READY_TEMPLATES.map((template) => template.name)).toEqual([
      'Design review',
      'Bug report',
      'Release checklist',
    ]);
    expect(new Set(READY_TEMPLATES.map((template) => template.template_id)).size).toBe(3);
    for (const template of READY_TEMPLATES) {
      expect(taskTemplateViewSchema.parse(readyTemplateView(template))).toMatchObject({ ready: true });
      expect(template.title_pattern.length).toBeLessThanOrEqual(TEMPLATE_TITLE_PATTERN_MAX);
      expect(template.checklist.length).toBeLessThanOrEqual(TEMPLATE_CHECKLIST_MAX);
      expect(template.subtasks.length).toBeLessThanOrEqual(TEMPLATE_SUBTASKS_MAX);
      expect(createTaskFromTemplateInput.safeParse({ template_id: template.template_id }).success).toBe(true);
    }
  });

  it('refuse a title pattern too long, an empty name and unknown keys', () => {
    const tooLong = saveTaskTemplateInput.safeParse({
      name: 'Sync',
      title_pattern: 'x'.repeat(TEMPLATE_TITLE_PATTERN_MAX + 1),
    });
    expect(tooLong.success).toBe(false);
    expect(tooLong.error?.issues[0]?.message).toBe(
      `A title pattern is at most ${TEMPLATE_TITLE_PATTERN_MAX} characters.`,
    );
    expect(saveTaskTemplateInput.safeParse({ name: '   ' }).success).toBe(false);
    expect(saveTaskTemplateInput.safeParse({ name: 'Sync', project_id: 'x' }).success).toBe(false);
    expect(createTaskFromTemplateInput.safeParse({ template_id: 'nope' }).success).toBe(false);
  });
});

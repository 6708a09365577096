import { describe, expect, it } from 'vitest';
import { DEFAULT_PROJECT_EMOJI, DEFAULT_PROJECT_VIEW, DEFAULT_VIEWS, PROJECT_EMOJIS } from './emoji.ts';
import { defaultViewSchema, projectEmojiSchema } from './project-schemas.ts';

describe('project emojis', () => {
  it('offers the five icons, fox by default', () => {
    expect(PROJECT_EMOJIS).toEqual(['fox', 'octopus', 'alien', 'seeding', 'fish']);
    expect(DEFAULT_PROJECT_EMOJI).toBe('fox');
  });

  it('accepts only those icons', () => {
    for (const emoji of PROJECT_EMOJIS) expect(projectEmojiSchema.parse(emoji)).toBe(emoji);
    for (const bad of ['Fox', 'penguin', '🦊', '', null])
      expect(projectEmojiSchema.safeParse(bad).success).toBe(false);
  });
});

describe('default views', () => {
  it('offers list, board and calendar, list by default', () => {
    expect(DEFAULT_VIEWS).toEqual(['LIST', 'KANBAN', 'CALENDAR']);
    expect(DEFAULT_PROJECT_VIEW).toBe('LIST');
  });

  it('accepts only those views', () => {
    expect(defaultViewSchema.parse('KANBAN')).toBe('KANBAN');
    for (const bad of ['list', 'BOARD', '', undefined])
      expect(defaultViewSchema.safeParse(bad).success).toBe(false);
  });
});

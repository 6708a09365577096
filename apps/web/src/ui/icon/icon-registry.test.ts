import { describe, expect, it } from 'vitest';
import { iconRegistry, isIconName, resolveIcon } from './icon-registry';

const namesSeenInTheSpec = [
  'fox',
  'octopus',
  'alien',
  'seeding',
  'fish',
  'task',
  'kanban',
  'list',
  'members',
  'inbox',
  'folder',
  'bird',
  'penguin',
];

describe('resolveIcon', () => {
  it.each(namesSeenInTheSpec)('draws the %s icon', (name) => {
    expect(resolveIcon(name)).toBe(iconRegistry[name as keyof typeof iconRegistry]);
    expect(resolveIcon(name)).toBeTruthy();
  });

  it('gives every name its own drawing', () => {
    const drawings = new Set(Object.values(iconRegistry));
    expect(drawings.size).toBe(Object.keys(iconRegistry).length);
  });

  it('throws for an unknown name', () => {
    expect(() => resolveIcon('unicorn')).toThrow(new Error('unicorn is not an available icon type'));
  });

  it('does not treat inherited object properties as icon names', () => {
    expect(isIconName('toString')).toBe(false);
    expect(() => resolveIcon('constructor')).toThrow('constructor is not an available icon type');
  });
});

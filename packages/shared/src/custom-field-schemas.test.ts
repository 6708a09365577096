import { describe, expect, it } from 'vitest';
import {
  compareCustomValues,
  customFieldLogWords,
  customValueText,
  customValueTokens,
  readCustomValue,
} from './custom-field-schemas.ts';

const IOS = '11111111-1111-4111-8111-111111111111';
const WEB = '22222222-2222-4222-8222-222222222222';
const options = [
  { option_id: IOS, name: 'iOS', colour: 'blue' as const },
  { option_id: WEB, name: 'Web', colour: 'teal' as const },
];
const field = (kind: Parameters<typeof readCustomValue>[0]['kind'], unit: string | null = null) => ({
  kind,
  options,
  unit,
});

describe('a custom value', () => {
  it('is kept in its kind’s shape, blank text and an empty list being none', () => {
    expect(readCustomValue(field('text'), '  Hi ')).toEqual({ ok: true, value: 'Hi' });
    expect(readCustomValue(field('text'), '   ')).toEqual({ ok: true, value: null });
    expect(readCustomValue(field('number'), 2.5)).toEqual({ ok: true, value: 2.5 });
    expect(readCustomValue(field('single_select'), IOS.toUpperCase())).toEqual({ ok: true, value: IOS });
    expect(readCustomValue(field('multi_select'), [WEB, IOS, WEB])).toEqual({ ok: true, value: [IOS, WEB] });
    expect(readCustomValue(field('multi_select'), [])).toEqual({ ok: true, value: null });
    expect(readCustomValue(field('date'), '2028-02-29')).toEqual({ ok: true, value: '2028-02-29' });
    expect(readCustomValue(field('url'), 'https://example.com/a')).toEqual({
      ok: true,
      value: 'https://example.com/a',
    });
  });

  it('is refused in another shape, with words that say what the field takes', () => {
    expect(readCustomValue(field('number'), '3')).toEqual({
      ok: false,
      message: 'This field takes a number.',
    });
    expect(readCustomValue(field('single_select'), WEB.replace('2', '3'))).toMatchObject({ ok: false });
    expect(readCustomValue(field('multi_select'), [IOS, 'nope'])).toMatchObject({ ok: false });
    expect(readCustomValue(field('date'), '2027-02-29')).toMatchObject({ ok: false });
    expect(readCustomValue(field('url'), 'javascript:alert(1)')).toMatchObject({ ok: false });
    expect(readCustomValue(field('checkbox'), 'yes')).toMatchObject({ ok: false });
    expect(readCustomValue(field('person'), 'Ada')).toMatchObject({ ok: false });
  });

  it('reads in words, filters by tokens and sorts with none last', () => {
    expect(customValueText(field('multi_select'), [IOS, WEB])).toBe('iOS, Web');
    expect(customValueText(field('number', 'h'), 3)).toBe('3 h');
    expect(customValueText(field('checkbox'), false)).toBe('No');
    expect(customValueTokens(field('checkbox'), undefined)).toEqual(['no', 'none']);
    expect(customValueTokens(field('single_select'), IOS)).toEqual([IOS]);
    const values = [WEB, null, IOS].sort((a, b) => compareCustomValues(field('single_select'), a, b));
    expect(values).toEqual([IOS, WEB, null]);
    expect(customFieldLogWords({ name: 'Platform', old: 'iOS', new: null })).toBe(
      'cleared Platform (was iOS)',
    );
  });
});

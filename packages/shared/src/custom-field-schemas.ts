import { z } from 'zod';
import { displayTextRules } from './display-text.ts';
import { patchBody } from './patch-body.ts';
import { isCalendarDay, labelColorSchema } from './planning-schemas.ts';

// Custom fields (docs/product.md#custom-fields): defined per organization, turned on per project,
// one value per task and field. What the API takes and answers, and the rules both sides read.

export const CUSTOM_FIELD_KINDS = [
  'text',
  'number',
  'single_select',
  'multi_select',
  'date',
  'person',
  'checkbox',
  'url',
] as const;
export type CustomFieldKind = (typeof CUSTOM_FIELD_KINDS)[number];

export const CUSTOM_FIELD_KIND_LABELS: Record<CustomFieldKind, string> = {
  text: 'Text',
  number: 'Number',
  single_select: 'Single select',
  multi_select: 'Multi select',
  date: 'Date',
  person: 'Person',
  checkbox: 'Checkbox',
  url: 'URL',
};

export const CUSTOM_FIELD_NAME_MAX = 40;
export const CUSTOM_FIELD_UNIT_MAX = 12;
const CUSTOM_FIELD_OPTIONS_MAX = 50;
export const CUSTOM_FIELD_OPTION_NAME_MAX = 40;
/** More than an organization keeps; past it, old fields should be removed. */
export const CUSTOM_FIELDS_PER_ORGANIZATION_MAX = 100;
const CUSTOM_TEXT_VALUE_MAX = 500;
const CUSTOM_URL_VALUE_MAX = 2000;

const isSelect = (kind: CustomFieldKind) => kind === 'single_select' || kind === 'multi_select';

const nameSchema = z
  .string({ error: 'The name of the field is required.' })
  .trim()
  .min(1, 'The name of the field is required.')
  .max(CUSTOM_FIELD_NAME_MAX, `The name of a field is at most ${CUSTOM_FIELD_NAME_MAX} characters.`)
  // The search reads "Platform:iOS": a colon in a name would make that ambiguous.
  .refine((name) => !name.includes(':'), 'The name of a field cannot hold a colon (:).')
  .check(...displayTextRules('The name of the field'));

const unitSchema = z
  .string()
  .trim()
  .max(CUSTOM_FIELD_UNIT_MAX, `A unit is at most ${CUSTOM_FIELD_UNIT_MAX} characters.`)
  .check(...displayTextRules('The unit'));

const optionNameSchema = z
  .string({ error: 'The name of an option is required.' })
  .trim()
  .min(1, 'The name of an option is required.')
  .max(
    CUSTOM_FIELD_OPTION_NAME_MAX,
    `The name of an option is at most ${CUSTOM_FIELD_OPTION_NAME_MAX} characters.`,
  )
  .check(...displayTextRules('The name of an option'));

/** An option as it is written: an existing one keeps its id, a new one has none yet. */
const optionInput = z
  .object({ option_id: z.uuid().optional(), name: optionNameSchema, colour: labelColorSchema })
  .strict();

const optionsInput = z
  .array(optionInput)
  .max(CUSTOM_FIELD_OPTIONS_MAX, `A field has at most ${CUSTOM_FIELD_OPTIONS_MAX} options.`)
  .refine(
    (options) => new Set(options.map((option) => option.name.toLowerCase())).size === options.length,
    'Two options of a field cannot have the same name.',
  );

export const createCustomFieldInput = z
  .object({
    name: nameSchema,
    kind: z.enum(CUSTOM_FIELD_KINDS, { error: `The kind must be one of ${CUSTOM_FIELD_KINDS.join(', ')}.` }),
    /** Number fields only: shown after the value ("12 h"). */
    unit: unitSchema.optional(),
    /** Single and multi select only. */
    options: optionsInput.optional(),
  })
  .strict()
  .refine((input) => input.unit === undefined || input.kind === 'number', {
    message: 'Only a number field has a unit.',
    path: ['unit'],
  })
  .refine((input) => input.options === undefined || isSelect(input.kind), {
    message: 'Only a single or multi select field has options.',
    path: ['options'],
  });
export type CreateCustomFieldInput = z.input<typeof createCustomFieldInput>;

/** A rename, a new unit, or the options in their new order (an option left out is removed). */
export const updateCustomFieldInput = patchBody(
  { name: nameSchema, unit: unitSchema, options: optionsInput },
  'Nothing to change: give name, unit or options.',
);
export type UpdateCustomFieldInput = z.input<typeof updateCustomFieldInput>;

export const customFieldIdParams = z.object({ fieldId: z.uuid() });
export const projectCustomFieldParams = z.object({ projectId: z.uuid(), fieldId: z.uuid() });
export const taskCustomFieldParams = z.object({ taskId: z.uuid(), fieldId: z.uuid() });

/** PUT /api/projects/:projectId/custom-fields/:fieldId: the field on or off there, and on its cards. */
export const setProjectCustomFieldInput = z
  .object({ enabled: z.boolean(), on_card: z.boolean().default(false) })
  .strict();
export type SetProjectCustomFieldInput = z.input<typeof setProjectCustomFieldInput>;

/**
 * A value as the API carries it: text, URL and date as a string, number as a number, checkbox as a
 * boolean, single select and person as an id, multi select as a list of option ids; null: none.
 * Which of these a field takes is its kind's (readCustomValue).
 */
export const customValueSchema = z.union(
  [
    z.string().max(CUSTOM_URL_VALUE_MAX, `A value is at most ${CUSTOM_URL_VALUE_MAX} characters.`),
    z.number(),
    z.boolean(),
    z.array(z.string()).max(CUSTOM_FIELD_OPTIONS_MAX),
  ],
  { error: 'A value is a text, a number, true or false, or a list of option ids.' },
);
export type CustomValue = z.infer<typeof customValueSchema>;

export const setTaskCustomValueInput = z.object({ value: customValueSchema.nullable() }).strict();

const customFieldOptionSchema = z.object({
  option_id: z.uuid(),
  name: z.string(),
  colour: labelColorSchema,
});
export type CustomFieldOption = z.infer<typeof customFieldOptionSchema>;

/** What a field is, wherever it shows. */
const customFieldShape = {
  field_id: z.uuid(),
  name: z.string(),
  kind: z.enum(CUSTOM_FIELD_KINDS),
  /** Number fields: the unit after the value; null otherwise or without one. */
  unit: z.string().nullable(),
  /** Select fields: the options in their order; empty otherwise. */
  options: z.array(customFieldOptionSchema),
};

/** A field in the organization's settings: where it is on, and how many tasks hold a value. */
export const customFieldViewSchema = z.object({
  ...customFieldShape,
  organization_id: z.uuid(),
  projects: z.array(z.object({ project_id: z.uuid(), on_card: z.boolean() })),
  /** Live tasks holding a value of it: what deleting it removes. */
  value_count: z.number().int(),
  created_at: z.string(),
});
export type CustomFieldView = z.infer<typeof customFieldViewSchema>;

/** A field turned on in a project, with whether its cards show it. */
const projectCustomFieldSchema = z.object({ ...customFieldShape, on_card: z.boolean() });
export type ProjectCustomField = z.infer<typeof projectCustomFieldSchema>;

const customValueRowSchema = z.object({
  task_id: z.uuid(),
  field_id: z.uuid(),
  value: customValueSchema,
});

/** GET /api/projects/:projectId/custom-fields: its fields and every live task's values of them. */
export const projectCustomFieldsViewSchema = z.object({
  fields: z.array(projectCustomFieldSchema),
  values: z.array(customValueRowSchema),
});
export type ProjectCustomFieldsView = z.infer<typeof projectCustomFieldsViewSchema>;

type FieldRule = Pick<ProjectCustomField, 'kind' | 'options'>;

/**
 * The value a field of this kind keeps for what was sent, or the words that say why it cannot:
 * a number for a number field, an existing option for a select, a real day for a date, an http(s)
 * address for a URL. Blank text and an empty multi select are no value (null). A person is only
 * checked to be an id here; the server checks that they are a member.
 */
export function readCustomValue(
  field: FieldRule,
  value: CustomValue | null,
): { ok: true; value: CustomValue | null } | { ok: false; message: string } {
  if (value === null) return { ok: true, value: null };
  const wrong = (what: string) => ({ ok: false as const, message: `This field takes ${what}.` });
  const optionIds = new Set(field.options.map((option) => option.option_id));
  switch (field.kind) {
    case 'text': {
      if (typeof value !== 'string') return wrong('text');
      const text = value.trim();
      if (text.length > CUSTOM_TEXT_VALUE_MAX)
        return { ok: false, message: `A text value is at most ${CUSTOM_TEXT_VALUE_MAX} characters.` };
      return { ok: true, value: text === '' ? null : text };
    }
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value) || Math.abs(value) > 1e15)
        return wrong('a number');
      return { ok: true, value };
    case 'checkbox':
      return typeof value === 'boolean' ? { ok: true, value } : wrong('true or false');
    case 'date':
      return typeof value === 'string' && isCalendarDay(value)
        ? { ok: true, value }
        : wrong('a day written YYYY-MM-DD');
    case 'url': {
      if (typeof value !== 'string') return wrong('a web address');
      const text = value.trim();
      if (text === '') return { ok: true, value: null };
      return isWebAddress(text)
        ? { ok: true, value: text }
        : wrong('a web address starting with http:// or https://');
    }
    case 'person':
      return typeof value === 'string' && UUID.test(value)
        ? { ok: true, value: value.toLowerCase() }
        : wrong('a member of the organization');
    case 'single_select':
      if (typeof value !== 'string') return wrong('one of its options');
      return optionIds.has(value.toLowerCase())
        ? { ok: true, value: value.toLowerCase() }
        : { ok: false, message: 'This option does not exist in the field.' };
    case 'multi_select': {
      if (!Array.isArray(value)) return wrong('a list of its options');
      const ids = [...new Set(value.map((id) => id.toLowerCase()))];
      if (ids.some((id) => !optionIds.has(id)))
        return { ok: false, message: 'This option does not exist in the field.' };
      // Kept in the field's order of options, so the same choice is always the same value.
      const ordered = field.options.map((option) => option.option_id).filter((id) => ids.includes(id));
      return { ok: true, value: ordered.length === 0 ? null : ordered };
    }
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function isWebAddress(text: string): boolean {
  if (!/^https?:\/\//i.test(text) || /\s/.test(text)) return false;
  try {
    new URL(text);
    return true;
  } catch {
    return false;
  }
}

type FieldWords = Pick<ProjectCustomField, 'kind' | 'options' | 'unit'>;

/**
 * A value in words, as the list, the CSV export, the change log and the search read it:
 * "iOS", "iOS, Web", "12 h", "2026-03-01", "Yes"; a person by the name `personName` gives.
 */
export function customValueText(
  field: FieldWords,
  value: CustomValue | null | undefined,
  personName: (userId: string) => string = (userId) => userId,
): string {
  if (value === null || value === undefined) return '';
  const optionName = (id: string) => field.options.find((option) => option.option_id === id)?.name ?? '';
  switch (field.kind) {
    case 'single_select':
      return typeof value === 'string' ? optionName(value) : '';
    case 'multi_select':
      return Array.isArray(value) ? value.map(optionName).filter(Boolean).join(', ') : '';
    case 'checkbox':
      return value === true ? 'Yes' : 'No';
    case 'number':
      return field.unit ? `${value} ${field.unit}` : String(value);
    case 'person':
      return typeof value === 'string' ? personName(value) : '';
    default:
      return String(value);
  }
}

/**
 * What a list filter on a field matches: a select's option ids, a person's id, 'yes' or 'no' for a
 * checkbox, and 'none' for a task without a value.
 */
export function customValueTokens(
  field: Pick<ProjectCustomField, 'kind'>,
  value: CustomValue | null | undefined,
): string[] {
  if (value === null || value === undefined) return field.kind === 'checkbox' ? ['no', 'none'] : ['none'];
  if (field.kind === 'checkbox') return [value === true ? 'yes' : 'no'];
  if (Array.isArray(value)) return value;
  return [String(value)];
}

/** The kinds a list filter is offered for. */
export const FILTERABLE_KINDS: readonly CustomFieldKind[] = [
  'single_select',
  'multi_select',
  'person',
  'checkbox',
];

/** Sorting by a field: its value's order (numbers by size, options in the field's order), none last. */
export function compareCustomValues(
  field: FieldWords,
  a: CustomValue | null | undefined,
  b: CustomValue | null | undefined,
): number {
  const none = (value: unknown) => value === null || value === undefined;
  if (none(a) || none(b)) return none(a) === none(b) ? 0 : none(a) ? 1 : -1;
  if (field.kind === 'number') return (a as number) - (b as number);
  if (field.kind === 'checkbox') return a === b ? 0 : a ? -1 : 1;
  if (field.kind === 'single_select' || field.kind === 'multi_select') {
    const rank = (value: CustomValue | null | undefined) => {
      const first = Array.isArray(value) ? value[0] : value;
      const at = field.options.findIndex((option) => option.option_id === first);
      return at < 0 ? field.options.length : at;
    };
    return rank(a) - rank(b);
  }
  return customValueText(field, a).localeCompare(customValueText(field, b));
}

/** A CUSTOM_FIELD log line in words: "set Platform to iOS", "changed Platform from iOS to Web". */
export function customFieldLogWords(change: {
  name: string;
  old: string | null;
  new: string | null;
}): string {
  if (change.new === null) return `cleared ${change.name}${change.old ? ` (was ${change.old})` : ''}`;
  return change.old === null
    ? `set ${change.name} to ${change.new}`
    : `changed ${change.name} from ${change.old} to ${change.new}`;
}

/**
 * A value as a file writes it (a CSV cell): an option by name (several split by , ; |), a number,
 * a day, yes/no for a checkbox, a person by email (`personByEmail`), text or a URL as it is. Null
 * when it cannot be read; the caller says so. Blank is no value (undefined).
 */
export function customValueFromText(
  field: Pick<ProjectCustomField, 'kind' | 'options'>,
  text: string,
  personByEmail: (email: string) => string | undefined,
): CustomValue | null | undefined {
  const cell = text.trim();
  if (cell === '') return undefined;
  const optionId = (name: string) =>
    field.options.find((option) => option.name.toLowerCase() === name.trim().toLowerCase())?.option_id;
  let value: CustomValue | undefined;
  switch (field.kind) {
    case 'single_select':
      value = optionId(cell);
      break;
    case 'multi_select': {
      const ids = cell
        .split(/[,;|]/)
        .filter((name) => name.trim() !== '')
        .map(optionId);
      value = ids.every((id) => id !== undefined) ? (ids as string[]) : undefined;
      break;
    }
    case 'number': {
      const number = Number(cell.replace(/\s+[^\s\d]+$/, '').replace(',', '.'));
      value = Number.isFinite(number) ? number : undefined;
      break;
    }
    case 'checkbox':
      value = /^(yes|true|1|x|✓)$/i.test(cell) ? true : /^(no|false|0)$/i.test(cell) ? false : undefined;
      break;
    case 'person':
      value = personByEmail(cell.toLowerCase());
      break;
    default:
      value = cell;
  }
  if (value === undefined) return null;
  const read = readCustomValue(field, value);
  return read.ok ? read.value : null;
}

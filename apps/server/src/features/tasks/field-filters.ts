import {
  readDayBounds,
  readFieldFilters,
  readNumberBounds,
  tokenFitsField,
} from '@figgle/shared/custom-field-filters';
import type { CustomFieldKind } from '@figgle/shared/custom-field-schemas';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { badRequest } from '../../http/errors.ts';
import { fieldsOfProject } from '../custom-fields/queries.ts';

/**
 * GET /api/projects/:projectId/tasks?field=<field id>:<token>,… (docs/product.md#custom-fields): the
 * list's and board's filters on custom fields, read as the web app writes them
 * (@figgle/shared/custom-field-filters) and matched in SQL, so what the answer holds is what the
 * filter keeps. Each token is a parameter; the statement's text depends only on the kinds filtered.
 */

interface Filter {
  fieldId: string;
  kind: CustomFieldKind;
  tokens: string[];
}

/**
 * The filters of the `field` parameter, checked against the fields on in the project: a pair that
 * does not read, a field not on in the project or a value the field cannot hold is a 400. Undefined
 * when the parameter is absent or empty (no filter).
 */
export async function readTaskFieldFilters(
  db: Kysely<Database>,
  projectId: string,
  parameter: string | readonly string[] | undefined,
): Promise<Filter[] | undefined> {
  const values = (typeof parameter === 'string' ? [parameter] : (parameter ?? [])).filter(
    (value) => value !== '',
  );
  if (values.length === 0) return undefined;
  const wanted = readFieldFilters(values, { strict: true });
  if (!wanted)
    throw badRequest('A custom field filter does not read: write <field id>:<value>, separated by commas.', [
      { path: 'field', message: 'is not a list of <field id>:<value>' },
    ]);
  const fields = new Map((await fieldsOfProject(db, projectId)).map((field) => [field.field_id, field]));
  return [...wanted].map(([fieldId, tokens]) => {
    const field = fields.get(fieldId);
    if (!field)
      throw badRequest('A filter names a custom field that is not on in the project.', [
        { path: 'field', message: `${fieldId} is not a custom field on in the project` },
      ]);
    const wrong = tokens.find((token) => !tokenFitsField(field, token));
    if (wrong !== undefined)
      throw badRequest(`“${wrong}” is not a value to filter the field “${field.name}” by.`, [
        { path: 'field', message: `${fieldId}: ${wrong} does not fit a ${field.kind} field` },
      ]);
    return { fieldId, kind: field.kind, tokens };
  });
}

/** A value of the field on the task (the row of `task` in the statement) meeting `condition`. */
const hasValue = (fieldId: string, condition: RawBuilder<unknown> = sql`true`) =>
  sql`EXISTS (SELECT 1 FROM task_custom_value AS cv
    WHERE cv.task_id = task.task_id AND cv.field_id = ${fieldId}::uuid AND ${condition})`;

const NUMBER = sql`(cv.value #>> '{}')::numeric`;
const TEXT = sql`(cv.value #>> '{}')`;

/** `value` within bounds, each bound a parameter, as conditionMatches compares in the browser. */
function within<T extends number | string>(
  value: RawBuilder<unknown>,
  type: RawBuilder<unknown>,
  bounds: { low: T | null; lowIncluded: boolean; high: T | null; highIncluded: boolean },
): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [];
  if (bounds.low !== null)
    parts.push(
      bounds.lowIncluded ? sql`${value} >= ${bounds.low}::${type}` : sql`${value} > ${bounds.low}::${type}`,
    );
  if (bounds.high !== null)
    parts.push(
      bounds.highIncluded
        ? sql`${value} <= ${bounds.high}::${type}`
        : sql`${value} < ${bounds.high}::${type}`,
    );
  return parts.length === 0 ? sql`true` : sql.join(parts, sql` AND `);
}

function tokenMatch({ fieldId, kind }: Filter, token: string): RawBuilder<unknown> {
  if (token === 'none') return sql`NOT ${hasValue(fieldId)}`;
  if (token === 'any') return hasValue(fieldId);
  switch (kind) {
    case 'checkbox': {
      const ticked = hasValue(fieldId, sql`cv.value = 'true'::jsonb`);
      return token === 'yes' ? ticked : sql`NOT ${ticked}`;
    }
    case 'single_select':
    case 'multi_select':
      return hasValue(
        fieldId,
        sql`(cv.value = to_jsonb(${token}::text) OR cv.value @> jsonb_build_array(${token}::text))`,
      );
    case 'person':
      return hasValue(fieldId, sql`cv.value = to_jsonb(${token}::text)`);
    case 'text':
    case 'url':
      return hasValue(
        fieldId,
        sql`jsonb_typeof(cv.value) = 'string' AND position(${token.slice(1)}::text IN lower(${TEXT})) > 0`,
      );
    case 'number':
      return hasValue(
        fieldId,
        sql`jsonb_typeof(cv.value) = 'number' AND ${within(NUMBER, sql.raw('numeric'), readNumberBounds(token)!)}`,
      );
    case 'date':
      return hasValue(
        fieldId,
        sql`jsonb_typeof(cv.value) = 'string' AND ${within(TEXT, sql.raw('text'), readDayBounds(token)!)}`,
      );
  }
}

/** Every filtered field holds one of its wanted values (or meets one of its conditions). */
export function taskFieldFilterSql(filters: readonly Filter[]): RawBuilder<unknown> {
  return sql.join(
    filters.map(
      (filter) =>
        sql`(${sql.join(
          filter.tokens.map((token) => tokenMatch(filter, token)),
          sql` OR `,
        )})`,
    ),
    sql` AND `,
  );
}

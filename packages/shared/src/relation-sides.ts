/**
 * Relation sides, without zod: the web app's entry reads RELATION_SIDE_FROM_OTHER_END (a relation
 * added offline shows on the other task too), and a zod schema beside it would pull zod into every
 * first load (docs/machinery/first-load-javascript.md).
 */

/** A relation as one of its two tasks reads it. */
export const RELATION_SIDES = ['blocks', 'blocked_by', 'relates', 'duplicates', 'duplicated_by'] as const;
export type RelationSide = (typeof RELATION_SIDES)[number];

/** The same relation read from its other task: A blocks B is B blocked by A. */
export const RELATION_SIDE_FROM_OTHER_END: Record<RelationSide, RelationSide> = {
  blocks: 'blocked_by',
  blocked_by: 'blocks',
  relates: 'relates',
  duplicates: 'duplicated_by',
  duplicated_by: 'duplicates',
};

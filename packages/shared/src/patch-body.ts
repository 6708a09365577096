import { z } from 'zod';

/**
 * The body of a PATCH: any of the fields of `shape` and no other (an unknown field is refused, not
 * silently dropped), at least one of them; `nothing` is the message when none is given.
 */
export function patchBody<Shape extends Record<string, z.ZodType>>(shape: Shape, nothing: string) {
  return z
    .object(shape)
    .partial()
    .strict()
    .refine((changes) => Object.keys(changes).length > 0, nothing);
}

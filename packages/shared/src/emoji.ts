/**
 * Project icons and default views, without zod (their schemas are in project-schemas.ts): the
 * new-project dialog, preloaded on /projects, reads them, and a schema here would bring zod along
 * (docs/machinery/first-load-javascript.md).
 */

/** The icons a project can wear; each is an icon of the same name in the UI. */
export const PROJECT_EMOJIS = ['fox', 'octopus', 'alien', 'seeding', 'fish'] as const;
export type ProjectEmoji = (typeof PROJECT_EMOJIS)[number];
export const DEFAULT_PROJECT_EMOJI: ProjectEmoji = 'fox';

/** Where a project opens from the sidebar favourites: its list, its board or its calendar. */
export const DEFAULT_VIEWS = ['LIST', 'KANBAN', 'CALENDAR'] as const;
export type DefaultView = (typeof DEFAULT_VIEWS)[number];
/** A new project opens as a list. */
export const DEFAULT_PROJECT_VIEW: DefaultView = 'LIST';

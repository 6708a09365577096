/**
 * The value of `?shape=` that asks GET /api/projects/:id/tasks for the board shape (board-schemas.ts).
 * Apart, without zod, for the web app's fetcher and the server's page preloads.
 */
export const BOARD_SHAPE = 'compact';

// The kinds of job that more than one place names: the feature that stores or retries the job, the
// feature whose handler runs it (app.ts hands the worker every handler), and the worker's lanes.

/** A FILE_COMMENT delivery from Figma, stored by the webhook before it answered. */
export const FIGMA_DELIVERY_JOB = 'figma_delivery';

/** "Done in Figgle" in a Figma thread; stored by the trigger of migration 0008 when a task becomes DONE. */
export const FIGMA_REPLY_JOB = 'figma_reply';

/** One import of a file into a project (features/imports/). */
export const IMPORT_JOB = 'import';

/** One event sent to one webhook; stored by the triggers of migration 0016. */
export const WEBHOOK_DELIVERY_JOB = 'webhook_delivery';

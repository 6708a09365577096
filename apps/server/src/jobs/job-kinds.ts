// The kinds of job that more than one place names: the feature that stores or retries the job, the
// feature whose handler runs it (app.ts hands the worker every handler), and the worker's lanes.

/** A FILE_COMMENT delivery from Figma, stored by the webhook before it answered. */
export const FIGMA_DELIVERY_JOB = 'figma_delivery';

/** One linked node's dev resource brought in line with its task; stored by the triggers of migration 0029. */
export const FIGMA_DEV_RESOURCE_JOB = 'figma_dev_resource';

/** An organization's files read for dev resources people added in Figma, every 10 minutes (migration 0029). */
export const FIGMA_DEV_RESOURCE_SCAN_JOB = 'figma_dev_resource_scan';

/**
 * A FILE_VERSION_UPDATE or FILE_UPDATE delivery (features/figma-design-changes/): the linked nodes of
 * the file are rendered again and compared with what their tasks' assignees saw.
 */
export const FIGMA_DESIGN_CHANGE_JOB = 'figma_design_change';

/** A DEV_MODE_STATUS_UPDATE delivery from Figma, stored by the webhook (features/figma-webhook/delivery-kinds.ts). */
export const FIGMA_DEV_STATUS_JOB = 'figma_dev_status';

/** Reading a newly linked node's Dev Mode status from Figma; stored by the trigger of migration 0030. */
export const FIGMA_DEV_STATUS_READ_JOB = 'figma_dev_status_read';

/** "Done in Figgle" in a Figma thread; stored by the trigger of migration 0008 when a task becomes DONE. */
export const FIGMA_REPLY_JOB = 'figma_reply';

/** One import of a file into a project (features/imports/). */
export const IMPORT_JOB = 'import';

/** One event sent to one webhook; stored by the triggers of migration 0016. */
export const WEBHOOK_DELIVERY_JOB = 'webhook_delivery';

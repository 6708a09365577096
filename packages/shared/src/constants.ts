// Business constants of the product (docs/product.md), named once so the server, the web app
// and the tests agree. The hosted backend's client-library internals (session refresh ticks, PKCE
// verifier length, auth-library messages) are not listed: Figgle's own server and better-auth replace them.

// Shared interface widgets
export const TOAST_DURATION_MS = 2000;
// The spinner reset, the select delays, the pagination widget, the 12-year grid, the progress bar's
// maximum and the numbered looks are not built: decision 0018 says why.
/** The date picker's years: 200, the 100 before this one first (ui/planning/due-date.ts). */
export const CALENDAR_YEAR_COUNT = 200;
export const CALENDAR_YEARS_BEFORE = 100;
export const CALENDAR_DEFAULT_LOCALE = 'en-US';
export const COLOR_SCHEMES = ['auto', 'light', 'dark'] as const;
/** The languages of the web app and of emails (issue 45): English, German, French, Spanish. */
export const LOCALES = ['en', 'de', 'fr', 'es'] as const;
export type Locale = (typeof LOCALES)[number];

// Project page
export const LIST_ANIMATION_DELAY_MS = 1000;
export const BOARD_STATIC_CLASS_DELAY_MS = 1500;

// Task page
export const LONG_CONTENT_THRESHOLD_PX = 200;
export const INITIAL_VISIBLE_COMMENTS = 2;
export const AUTOSAVE_DEBOUNCE_MS = 2000;
export const STALE_CHECK_INTERVAL_MS = 5000;
export const STALE_THRESHOLD_MS = 60_000;

// Rich-text editor
export const EDITOR_MARGIN_CLICK_PX = 22;
export const ACTION_MENU_RESET_MS = 500;
export const HISTORY_DELAY_MS = 1000;
export const HISTORY_MAX_STACK = 100;
export const EDITOR_FONT_SIZES = { small: '10px', large: '18px', huge: '32px' } as const;
/** Limits on rich-text attributes a document may carry (docs/product.md#rich-text-editor). */
export const RICH_TEXT_HEADER_MAX = 6;
export const RICH_TEXT_INDENT_MAX = 30;
export const RICH_TEXT_FONT_NAME_MAX = 30;
export const RICH_TEXT_SIZE_MAX = 20;
export const IMAGE_UPLOAD_TYPES = ['image/png', 'image/jpeg'] as const;
export const UPLOAD_CACHE_CONTROL_SECONDS = 3600;

// Offline cache and live updates
export const OFFLINE_DB_SIZE_BYTES = 4_980_736;
export const REALTIME_TIMEOUT_MS = 10_000;
export const REALTIME_HEARTBEAT_MS = 30_000;
/** Wait before each reconnection attempt; the last delay repeats. */
export const REALTIME_RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000] as const;

// Accounts and administration
export const PASSWORD_MIN_LENGTH = 6;
export const INBOX_PAGE_SIZE = 10;
export const RADAR_PAGE_SIZE = 10;
export const INBOX_QUERY_LIMIT = 50;
export const FIGMA_TASK_TITLE_MAX = 100;
export const DEFAULT_ORGANIZATION_NAME = 'My Organization';
/** The name a design-file link gets when created. */
export const DEFAULT_FIGMA_FILE_NAME = 'Figma File';
export const DASHBOARD_CHART_SIZE = { width: 470, height: 160 } as const;
const PRODUCT_NAME = 'Figgle';

/** The delay before reconnection attempt number `attempt` (1-based). */
export function reconnectDelayMs(attempt: number): number {
  const delays = REALTIME_RECONNECT_DELAYS_MS;
  const index = Math.min(Math.max(Math.floor(attempt), 1), delays.length) - 1;
  return delays[index] ?? delays[delays.length - 1]!;
}

const RELOAD_ADVICE =
  'Please reload the page and try again. If the problem persists, contact our support team.';
const TRY_AGAIN_ADVICE = 'Please try again. If the problem persists, contact our support team.';

/** A message as a sentence: trimmed, with a full stop unless it already ends with one ('!', '?' too). */
function asSentence(message: string | null | undefined, fallback: string): string {
  const text = message?.trim() || fallback;
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/** Every text of the toasts and dialogs (docs/product.md#messages), spelling corrected. */
export const MESSAGES = {
  // Failures (both error catalogues)
  loadFailed: 'Sorry, something went wrong.',
  saveFailed: `Sorry, something went wrong. ${RELOAD_ADVICE}`,
  tryAgain: `Sorry, something went wrong. ${TRY_AGAIN_ADVICE}`,
  error: 'Error',
  errorDialogTitle: 'Error',
  /** Body of the Error dialog (login, invite, revoke, password change, magic link failures). */
  errorDialogText: (message?: string | null) =>
    `${asSentence(message, 'Error')} If the problem persists, contact our support.`,
  somethingWentWrongTitle: 'Something went wrong',
  /** Body of the 'Something went wrong' dialog, e.g. when creating a design link fails. */
  withReloadAdvice: (message?: string | null) =>
    `${asSentence(message, 'Sorry, something went wrong.')} ${RELOAD_ADVICE}`,
  figmaWebhookFailed: 'Impossible to refresh your Figma webhook.',
  figmaWebhookFailedReload: `Impossible to refresh your Figma webhook. ${RELOAD_ADVICE}`,

  // Confirmation dialog defaults
  confirmLabel: 'Ok',
  cancelLabel: 'Cancel',

  // Sign-in and sign-out
  welcome: 'Welcome!',
  welcomeAfterLogin: `Welcome to ${PRODUCT_NAME}!`,
  bye: 'Bye! Bye!',
  passwordResetEmailSent: 'Password Reset Email sent',
  emailSent: (email: string) => `Email sent to ${email}`,

  // Auth result page cards, by query flag
  authCards: {
    magic: 'Magic Link Email sent',
    confirmation: 'Confirmation Email sent',
    invitation: 'Organization successfully joined',
    creation: 'Verify your email',
    activation: 'Your email is verified',
    password: 'Password reset email sent',
  },

  // Projects
  projectUpdated: 'Your project has been successfully updated.',
  deleteProjectTitle: 'Delete this project?',
  deleteProjectText: 'Are you sure you want to delete this project?',
  deleteProjectCancel: 'No',
  deleteProjectConfirm: 'Yes',
  projectDeletedTitle: 'Project successfully deleted',
  projectDeletedText: (name: string) => `Project ${name} has just been successfully deleted.`,

  // Tasks
  taskCreated: 'Your task has been successfully created.',
  myTasksSubtitle: 'Your personal tasks cross-projects',
  noTasks: 'Relax! There are no tasks :)',
  noTasksHint: 'You can add a new task here!',

  // Tables and selects
  tableEmpty: "It's empty!",
  tableLoading: 'Loading',
  selectPlaceholder: 'Select ...',
  selectNoMatch: 'None',

  // Settings
  profileUpdated: 'Profile successfully updated!',
  organizationUpdated: 'Organization has been successfully updated!',
  organizationCreated: 'Organization has been created.',
  memberInvited: (email: string) => `${email} is invited.`,
  revokeAccessTitle: 'Revoke Access?',
  revokeAccessText: (name: string) => `Are you sure you want to revoke the access of ${name}?`,
  memberRevoked: 'Member has been revoked.',
  passwordUpdated: 'Password has been successfully updated!',

  // Figma
  figmaTokenSaved: 'Your Figma token has been saved.',
  figmaTeamIdSaved: 'Your Figma Team Id has been saved.',
  figmaLinkCreated: 'Figma Link has been created!',
  figmaIntegrationLive: `Yeah! The integration between ${PRODUCT_NAME} and Figma is live.`,
  deleteFigmaLinkTitle: 'Delete Figma Link?',
  deleteFigmaLinkText: 'Are you sure you want to delete this Figma link?',
  figmaLinkDeletedTitle: 'Figma Link successfully deleted',
  figmaLinkDeletedText: 'You will no longer receive automatic comments from Figma in this project.',
} as const;

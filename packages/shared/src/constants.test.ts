import { describe, expect, it } from 'vitest';
import {
  ACTION_MENU_RESET_MS,
  AUTOSAVE_DEBOUNCE_MS,
  DEFAULT_ORGANIZATION_NAME,
  EDITOR_MARGIN_CLICK_PX,
  FIGMA_TASK_TITLE_MAX,
  HISTORY_DELAY_MS,
  HISTORY_MAX_STACK,
  INBOX_PAGE_SIZE,
  INBOX_QUERY_LIMIT,
  INITIAL_VISIBLE_COMMENTS,
  LONG_CONTENT_THRESHOLD_PX,
  MESSAGES,
  PASSWORD_MIN_LENGTH,
  RADAR_PAGE_SIZE,
  REALTIME_HEARTBEAT_MS,
  REALTIME_RECONNECT_DELAYS_MS,
  reconnectDelayMs,
  STALE_CHECK_INTERVAL_MS,
  STALE_THRESHOLD_MS,
  TOAST_DURATION_MS,
  UPLOAD_CACHE_CONTROL_SECONDS,
} from './constants.ts';

describe('business constants', () => {
  it('match the screens and widgets of docs/product.md', () => {
    expect({
      TOAST_DURATION_MS,
      AUTOSAVE_DEBOUNCE_MS,
      STALE_CHECK_INTERVAL_MS,
      STALE_THRESHOLD_MS,
      INITIAL_VISIBLE_COMMENTS,
      LONG_CONTENT_THRESHOLD_PX,
      EDITOR_MARGIN_CLICK_PX,
      ACTION_MENU_RESET_MS,
      HISTORY_DELAY_MS,
      HISTORY_MAX_STACK,
      REALTIME_HEARTBEAT_MS,
      UPLOAD_CACHE_CONTROL_SECONDS,
    }).toEqual({
      TOAST_DURATION_MS: 2000,
      AUTOSAVE_DEBOUNCE_MS: 2000,
      STALE_CHECK_INTERVAL_MS: 5000,
      STALE_THRESHOLD_MS: 60000,
      INITIAL_VISIBLE_COMMENTS: 2,
      LONG_CONTENT_THRESHOLD_PX: 200,
      EDITOR_MARGIN_CLICK_PX: 22,
      ACTION_MENU_RESET_MS: 500,
      HISTORY_DELAY_MS: 1000,
      HISTORY_MAX_STACK: 100,
      REALTIME_HEARTBEAT_MS: 30000,
      UPLOAD_CACHE_CONTROL_SECONDS: 3600,
    });
    expect(REALTIME_RECONNECT_DELAYS_MS).toEqual([1000, 2000, 5000, 10000]);
  });

  it('match the account and administration pages of docs/product.md', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(6);
    expect(INBOX_PAGE_SIZE).toBe(10);
    expect(RADAR_PAGE_SIZE).toBe(10);
    expect(INBOX_QUERY_LIMIT).toBe(50);
    expect(FIGMA_TASK_TITLE_MAX).toBe(100);
    expect(DEFAULT_ORGANIZATION_NAME).toBe('My Organization');
  });
});

describe('reconnectDelayMs', () => {
  it('waits 1 s, 2 s, 5 s, then 10 s for every later attempt', () => {
    expect([1, 2, 3, 4, 5, 50].map(reconnectDelayMs)).toEqual([1000, 2000, 5000, 10000, 10000, 10000]);
  });

  it('treats nonsense attempt numbers as the first attempt', () => {
    expect(reconnectDelayMs(0)).toBe(1000);
    expect(reconnectDelayMs(-3)).toBe(1000);
  });
});

describe('MESSAGES', () => {
  it('carries the failure toasts of both error catalogues', () => {
    expect(MESSAGES.loadFailed).toBe('Sorry, something went wrong.');
    expect(MESSAGES.saveFailed).toBe(
      'Sorry, something went wrong. Please reload the page and try again. If the problem persists, contact our support team.',
    );
    expect(MESSAGES.tryAgain).toBe(
      'Sorry, something went wrong. Please try again. If the problem persists, contact our support team.',
    );
    expect(MESSAGES.error).toBe('Error');
    expect(MESSAGES.figmaWebhookFailed).toBe('Impossible to refresh your Figma webhook.');
    expect(MESSAGES.figmaWebhookFailedReload).toBe(
      'Impossible to refresh your Figma webhook. Please reload the page and try again. If the problem persists, contact our support team.',
    );
  });

  it('builds the Error dialog text from a message, defaulting to Error', () => {
    expect(MESSAGES.errorDialogText('Invalid login credentials')).toBe(
      'Invalid login credentials. If the problem persists, contact our support.',
    );
    expect(MESSAGES.errorDialogText('User already registered.')).toBe(
      'User already registered. If the problem persists, contact our support.',
    );
    expect(MESSAGES.errorDialogText('Too many requests!')).toBe(
      'Too many requests! If the problem persists, contact our support.',
    );
    expect(MESSAGES.errorDialogText()).toBe('Error. If the problem persists, contact our support.');
    expect(MESSAGES.errorDialogText('  ')).toBe('Error. If the problem persists, contact our support.');
  });

  it('adds the reload advice to a message', () => {
    expect(MESSAGES.withReloadAdvice('The file does not exist')).toBe(
      'The file does not exist. Please reload the page and try again. If the problem persists, contact our support team.',
    );
    expect(MESSAGES.withReloadAdvice(null)).toBe(MESSAGES.saveFailed);
  });

  it('has the success messages with their spelling corrected', () => {
    expect(MESSAGES.profileUpdated).toBe('Profile successfully updated!');
    expect(MESSAGES.organizationUpdated).toBe('Organization has been successfully updated!');
    expect(MESSAGES.passwordUpdated).toBe('Password has been successfully updated!');
    expect(MESSAGES.myTasksSubtitle).toBe('Your personal tasks cross-projects');
    expect(MESSAGES.organizationCreated).toBe('Organization has been created.');
    expect(MESSAGES.memberRevoked).toBe('Member has been revoked.');
    expect(MESSAGES.figmaTokenSaved).toBe('Your Figma token has been saved.');
    expect(MESSAGES.figmaTeamIdSaved).toBe('Your Figma Team Id has been saved.');
    expect(MESSAGES.figmaLinkCreated).toBe('Figma Link has been created!');
    expect(MESSAGES.passwordResetEmailSent).toBe('Password Reset Email sent');
    expect(MESSAGES.taskCreated).toBe('Your task has been successfully created.');
    expect(MESSAGES.projectUpdated).toBe('Your project has been successfully updated.');
    expect(MESSAGES.figmaIntegrationLive).toBe('Yeah! The integration between Figgle and Figma is live.');
    expect(MESSAGES.welcome).toBe('Welcome!');
    expect(MESSAGES.bye).toBe('Bye! Bye!');
  });

  it('fills in the templated texts', () => {
    expect(MESSAGES.memberInvited('ada@example.com')).toBe('ada@example.com is invited.');
    expect(MESSAGES.emailSent('ada@example.com')).toBe('Email sent to ada@example.com');
    expect(MESSAGES.projectDeletedText('Website')).toBe(
      'Project Website has just been successfully deleted.',
    );
    expect(MESSAGES.revokeAccessText('Ada Lovelace')).toContain('Ada Lovelace');
  });

  it('has the empty states and confirmation texts', () => {
    expect(MESSAGES.tableEmpty).toBe("It's empty!");
    expect(MESSAGES.tableLoading).toBe('Loading');
    expect(MESSAGES.noTasks).toBe('Relax! There are no tasks :)');
    expect(MESSAGES.noTasksHint).toBe('You can add a new task here!');
    expect(MESSAGES.deleteProjectTitle).toBe('Delete this project?');
    expect(MESSAGES.deleteProjectText).toBe('Are you sure you want to delete this project?');
    expect(MESSAGES.projectDeletedTitle).toBe('Project successfully deleted');
    expect(MESSAGES.revokeAccessTitle).toBe('Revoke Access?');
    expect(MESSAGES.deleteFigmaLinkTitle).toBe('Delete Figma Link?');
    expect(MESSAGES.figmaLinkDeletedTitle).toBe('Figma Link successfully deleted');
    expect(MESSAGES.figmaLinkDeletedText).toBe(
      'You will no longer receive automatic comments from Figma in this project.',
    );
  });

  it('keeps the known misspellings out of every text', () => {
    const texts = Object.values(MESSAGES).flatMap((value) =>
      typeof value === 'function' ? [value('x')] : typeof value === 'object' ? Object.values(value) : [value],
    );
    expect(texts.length).toBeGreaterThan(40);
    for (const text of texts) expect(text).not.toMatch(/succesfully|sucessfully|personnal/i);
  });
});

import type { ProjectView } from '@figgle/shared/project-schemas';

/** Every address of the app in one place, so a renamed route breaks the build instead of a link. */
export const paths = {
  home: '/',
  login: '/login',
  magicLogin: '/magic-login',
  register: '/register',
  resetPassword: '/reset-password',
  resendConfirmation: '/resend-confirmation',
  authResult: '/auth',
  /** Where an emailed invitation link leads (query: token). */
  invitation: '/invitation',
  onboardingStep1: '/onboarding/step-1',
  onboardingStep2: '/onboarding/step-2',
  onboardingStep3: '/onboarding/step-3',
  projects: '/projects',
  projectsCards: '/projects-cards',
  projectList: (projectId: string) => `/project/${encodeURIComponent(projectId)}/list`,
  projectKanban: (projectId: string) => `/project/${encodeURIComponent(projectId)}/kanban`,
  projectCalendar: (projectId: string) => `/project/${encodeURIComponent(projectId)}/calendar`,
  projectMilestones: (projectId: string) => `/project/${encodeURIComponent(projectId)}/milestones`,
  /** The project's cycles; with a cycle id, that cycle's page (else the current one's). */
  projectCycles: (projectId: string, cycleId?: string) =>
    `/project/${encodeURIComponent(projectId)}/cycles${cycleId ? `/${encodeURIComponent(cycleId)}` : ''}`,
  /** The Timeline view (query: zoom week|month|quarter, group milestone|assignee|status). */
  projectTimeline: (projectId: string) => `/project/${encodeURIComponent(projectId)}/timeline`,
  /** Import into the project (query: import, the run being shown). */
  projectImport: (projectId: string) => `/project/${encodeURIComponent(projectId)}/import`,
  /** Import into a new project, from "Add a project" (query: import). */
  projectsImport: '/projects/import',
  myTasks: '/my-tasks',
  task: (taskId: string) => `/task/${encodeURIComponent(taskId)}`,
  dashboard: '/dashboard',
  inbox: '/inbox',
  figmaRadar: '/figma-radar',
  /** All results for a text (query: q, and the filters project, status, assignee). */
  search: '/search',
  settings: '/settings',
  settingsProfile: '/settings/profile',
  settingsNewOrganization: '/settings/new-organization',
  settingsOrganization: (organizationId: string) =>
    `/settings/organization/${encodeURIComponent(organizationId)}`,
  settingsLabels: (organizationId: string) =>
    `/settings/organization/${encodeURIComponent(organizationId)}/labels`,
  /** An organization's custom fields (docs/product.md#custom-fields). */
  settingsCustomFields: (organizationId: string) =>
    `/settings/organization/${encodeURIComponent(organizationId)}/custom-fields`,
  settingsWebhooks: (organizationId: string) =>
    `/settings/organization/${encodeURIComponent(organizationId)}/webhooks`,
  settingsTrash: (organizationId: string) =>
    `/settings/organization/${encodeURIComponent(organizationId)}/trash`,
  settingsPreferences: '/settings/preferences',
  settingsNotifications: '/settings/notifications',
  settingsFigma: '/settings/figma',
  settingsPassword: '/settings/password',
  settingsSecurity: '/settings/security',
  settingsApiTokens: '/settings/api-tokens',
  settingsCalendarFeed: '/settings/calendar-feed',
  privacyPolicy: '/legal/privacy-policy.html',
  termsOfService: '/legal/terms-of-service.html',
  /** The server's own page of the emails it kept (no SMTP_URL, not production); not the app's. */
  devMailbox: '/dev/mailbox',
} as const;

/** A project opens in its default view: the list, the board or the calendar. */
export function projectPath(project: Pick<ProjectView, 'project_id' | 'default_view'>): string {
  if (project.default_view === 'KANBAN') return paths.projectKanban(project.project_id);
  if (project.default_view === 'CALENDAR') return paths.projectCalendar(project.project_id);
  return paths.projectList(project.project_id);
}

/** The search page with all results for `q`. */
export function searchPath(q: string): string {
  return `${paths.search}?${new URLSearchParams({ q })}`;
}

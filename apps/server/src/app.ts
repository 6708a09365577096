import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type RouteOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppDeps, AppInputs, AppInstance } from './app-types.ts';
import { installApiTokenAuth } from './auth/api-token-auth.ts';
import { createAuth } from './auth/auth.ts';
import { authRoutes } from './auth/routes.ts';
import { embeddableSessions, rememberSessions } from './auth/session-lookup.ts';
import { type Clock, drivenClock, systemClock } from './clock/clock.ts';
import { clockControlRoutes } from './clock/clock-control-routes.ts';
import { durableJobsRunning, scheduleMaintenance } from './db/pglite-maintenance.ts';
import { apiTokenRoutes } from './features/api-tokens/routes.ts';
import { bookmarkRoutes } from './features/bookmarks/routes.ts';
import { calendarFeedRoutes } from './features/calendar-feeds/routes.ts';
import { checklistRoutes } from './features/checklist/routes.ts';
import { commentRoutes } from './features/comments/routes.ts';
import { customFieldRoutes } from './features/custom-fields/routes.ts';
import { cycleRolloverHandler } from './features/cycles/cycle-rollover-job.ts';
import { cycleRoutes } from './features/cycles/routes.ts';
import { dashboardRoutes } from './features/dashboard/routes.ts';
import { exportRoutes } from './features/export/routes.ts';
import { designChangeHandler } from './features/figma-design-changes/design-change-job.ts';
import { designChangeRoutes } from './features/figma-design-changes/routes.ts';
import { figmaDevResourceHandler } from './features/figma-dev-resources/dev-resource-job.ts';
import { figmaDevResourceScanHandler } from './features/figma-dev-resources/dev-resource-scan-job.ts';
import { figmaDevResourceRoutes } from './features/figma-dev-resources/routes.ts';
import { figmaDevStatusHandler } from './features/figma-dev-status/dev-status-job.ts';
import { figmaDevStatusReadHandler } from './features/figma-dev-status/dev-status-read-job.ts';
import { figmaDevStatusRoutes } from './features/figma-dev-status/routes.ts';
import { figmaEventRoutes } from './features/figma-events/routes.ts';
import { designLinkRoutes } from './features/figma-links/routes.ts';
import { taskFigmaNodeRoutes } from './features/figma-nodes/routes.ts';
import { figmaOAuthRoutes } from './features/figma-oauth/routes.ts';
import { installPluginCors } from './features/figma-plugin-api/plugin-cors.ts';
import { figmaPluginApiRoutes } from './features/figma-plugin-api/routes.ts';
import { figmaSettingsRoutes } from './features/figma-settings/routes.ts';
import { figmaReplyHandler } from './features/figma-task/figma-reply-job.ts';
import { figmaTaskRoutes } from './features/figma-task/routes.ts';
import { figmaDeliveryHandler } from './features/figma-webhook/figma-delivery-job.ts';
import { figmaWebhookRoutes } from './features/figma-webhook/routes.ts';
import { healthRoutes } from './features/health/routes.ts';
import { importHandler } from './features/imports/import-job.ts';
import { ImportSlots } from './features/imports/import-slots.ts';
import { importRoutes } from './features/imports/routes.ts';
import { inboxRoutes } from './features/inbox/routes.ts';
import { invitationRoutes } from './features/invitations/routes.ts';
import { labelRoutes } from './features/labels/routes.ts';
import { meRoutes } from './features/me/routes.ts';
import { memberRoutes } from './features/members/routes.ts';
import { milestoneRoutes } from './features/milestones/routes.ts';
import { notificationBatchHandler } from './features/notification-emails/notification-batch-job.ts';
import { notificationDigestHandler } from './features/notification-emails/notification-digest-job.ts';
import { notificationEmailHandler } from './features/notification-emails/notification-email-job.ts';
import { notificationEmailRoutes } from './features/notification-emails/routes.ts';
import { commentFanOutHandler } from './features/notifications/comment-fan-out-job.ts';
import { notificationRoutes } from './features/notifications/routes.ts';
import { organizationRoutes } from './features/organizations/routes.ts';
import { passwordRoutes } from './features/password/routes.ts';
import { projectStatusRoutes, unknownStatusRefusal } from './features/project-statuses/routes.ts';
import { projectRoutes } from './features/projects/routes.ts';
import { realtimeHubOf, realtimeRoutes } from './features/realtime/routes.ts';
import { recurringTaskHandler } from './features/recurring-tasks/recurring-task-job.ts';
import { recurringTaskRoutes } from './features/recurring-tasks/routes.ts';
import { searchRoutes } from './features/search/routes.ts';
import { taskContentRoutes } from './features/task-content/routes.ts';
import { taskTemplateRoutes } from './features/task-templates/routes.ts';
import { taskRoutes } from './features/tasks/routes.ts';
import { timelineRoutes } from './features/timeline/routes.ts';
import { timelineViewRoutes } from './features/timeline-view/routes.ts';
import { trashRoutes } from './features/trash/routes.ts';
import { trashPurgeHandler } from './features/trash/trash-purge-job.ts';
import { uploadRoutes } from './features/uploads/routes.ts';
import { webhookRoutes } from './features/webhooks/routes.ts';
import { webhookDeliveryHandler } from './features/webhooks/webhook-delivery-job.ts';
import { weeklySummaryRoutes } from './features/weekly-summary/routes.ts';
import { apiDescription, apiDocsOptions } from './http/api-docs.ts';
import { installCloseConnectionsOnShutdown } from './http/close-connections-on-shutdown.ts';
import { installDurableAnswers } from './http/durable-answers.ts';
import { declareErrorAnswers } from './http/error-answers.ts';
import { type ErrorTranslation, forbidden, HttpError, installErrorHandling } from './http/errors.ts';
import { installHostCheck } from './http/host-check.ts';
import { logSerializers, redactedLogPaths } from './http/log-redaction.ts';
import { installRequestMetrics, metricsRoutes } from './http/metrics-routes.ts';
import { installOriginCheck } from './http/origin-check.ts';
import { installBodyTimeout } from './http/request-timeouts.ts';
import { inlineScriptHashes, installSecurityHeaders } from './http/security-headers.ts';
import { serverTimeouts } from './http/server-timeouts.ts';
import { installUnicodeGuard } from './http/unicode-guard.ts';
import { readBuiltIndex, serveWebApp } from './http/web-app.ts';
import { webhookPausedEmailHandler } from './jobs/handlers/webhook-paused-email.ts';
import type { JobHandler } from './jobs/job-handler.ts';
import { wakeWorkers } from './jobs/wake.ts';
import { jobWorkerPlugin } from './jobs/worker.ts';
import { devMailboxRoutes } from './mail/dev-mailbox-routes.ts';
import { createMailer } from './mail/mailer.ts';
import { queryTimingPlugin } from './metrics/query-timing.ts';
import { createServerMetrics } from './metrics/server-metrics.ts';
import type { HostLookup } from './net/host-lookup.ts';
import { PolicyError } from './policies/policy-errors.ts';
import { createBus } from './realtime/create-bus.ts';
import { installWriteTimings } from './write-timings.ts';

export interface BuildAppOptions {
  /** Serve the built web app from apps/web/dist (the production start and e2e do). */
  serveWeb?: boolean;
  logger?: boolean;
  /** Sees every route as it is added (the authorization matrix test enumerates them with it). */
  onRoute?: (route: RouteOptions) => void;
  /**
   * A clock the test drives (digests at 08:00, two-minute batches); the system's otherwise, or with
   * TEST_CLOCK_CONTROL one driven over HTTP (clock/clock-control-routes.ts).
   */
  clock?: Clock;
  /** Resolves webhook host names (a test names hosts that resolve to private addresses); the system's otherwise. */
  hostLookup?: HostLookup;
}

/** Asked every few seconds by load balancers and monitors: not a sign that someone is using the server. */
const PROBE_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/** Every kind of background work and its handler, each feature's own (jobs/ imports no feature). */
const JOB_HANDLERS: JobHandler[] = [
  figmaDeliveryHandler,
  figmaDevStatusHandler,
  figmaDevStatusReadHandler,
  figmaReplyHandler,
  figmaDevResourceHandler,
  figmaDevResourceScanHandler,
  designChangeHandler,
  notificationEmailHandler,
  notificationBatchHandler,
  notificationDigestHandler,
  commentFanOutHandler,
  webhookDeliveryHandler,
  webhookPausedEmailHandler,
  importHandler,
  cycleRolloverHandler,
  recurringTaskHandler,
  trashPurgeHandler,
];

/** A policy's refusal answers as http/errors.ts's notFound and forbidden always did. */
const policyRefusal: ErrorTranslation = (error) => {
  if (!(error instanceof PolicyError)) return undefined;
  return error.kind === 'forbidden'
    ? forbidden(error.message)
    : new HttpError(404, 'not_found', error.message);
};

export async function buildApp(inputs: AppInputs, options: BuildAppOptions = {}): Promise<AppInstance> {
  const { env } = inputs;
  const trusted = env.TRUST_PROXY;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: env.LOG_LEVEL,
            redact: { paths: redactedLogPaths, censor: '[redacted]' },
            serializers: logSerializers,
          },
    bodyLimit: env.BODY_MAX_BYTES,
    // A number of hops becomes a function: Fastify's types accept only booleans, addresses and functions.
    trustProxy: typeof trusted === 'number' ? (_address: string, hop: number) => hop < trusted : trusted,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    ...serverTimeouts(env),
  }).withTypeProvider<ZodTypeProvider>();

  app.addHook('onRoute', declareErrorAnswers);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const metrics = createServerMetrics();
  // Every statement made through the app's handle is timed for GET /metrics (metrics/query-timing.ts).
  const db = inputs.database.db.withPlugin(
    queryTimingPlugin((operation, seconds) => metrics.queryDuration.observe({ operation }, seconds)),
  );
  const mailer = createMailer(env, app.log, inputs.database.durable);
  const bus = createBus(inputs.database, app.log);
  const sessionMemory = rememberSessions(inputs.database, bus);
  const controlled = !options.clock && env.TEST_CLOCK_CONTROL ? drivenClock() : undefined;
  const clock = options.clock ?? controlled ?? systemClock;
  const auth = createAuth({ env, db, mailer });
  const deps: AppDeps = {
    ...inputs,
    db,
    mailer,
    bus,
    clock,
    sessionMemory,
    auth,
    hostLookup: options.hostLookup,
    importSlots: new ImportSlots(inputs.env.IMPORTS_PER_USER, inputs.env.IMPORTS_PER_SERVER),
    metrics,
  };
  app.decorate('deps', deps);
  // The embedded database has no autovacuum of its own (db/pglite-maintenance.ts).
  // It waits for a quiet moment: no request but probes for a few seconds, no durable job running.
  let lastRequestAt = 0;
  if (inputs.database.kind === 'pglite')
    app.addHook('onRequest', (request, _reply, done) => {
      if (!PROBE_PATHS.has(request.url)) lastRequestAt = Date.now();
      done();
    });
  const stopMaintenance =
    inputs.database.kind === 'pglite'
      ? scheduleMaintenance(
          db,
          { lastRequestAt: () => lastRequestAt, jobsRunning: () => durableJobsRunning(db) },
          (error) => app.log.error({ err: error }, 'database maintenance failed'),
        )
      : () => {};
  app.addHook('onClose', async () => {
    stopMaintenance();
    mailer.close();
    await bus.close();
  });
  await app.register(jobWorkerPlugin(JOB_HANDLERS)); // durable background work: Figma, notification emails, outgoing webhooks (jobs/)
  installErrorHandling(app, [policyRefusal, unknownStatusRefusal]);
  if (env.METRICS_TOKEN) {
    installRequestMetrics(app, metrics); // GET /metrics is on: count and time every answer
    metrics.collectProcessMetrics();
  }
  installBodyTimeout(app, env.REQUEST_TIMEOUT_MS);
  installHostCheck(app); // before the origin check: an Origin that matches a rebound Host proves nothing
  installOriginCheck(app);
  installApiTokenAuth(app); // Authorization: Bearer on /api routes, after the cross-site check
  installUnicodeGuard(app);
  // Before the shutdown hook: an answer held for the flush still learns that the server is closing.
  installDurableAnswers(app, inputs.database); // answers wait for the embedded database's group commit
  installWriteTimings(app); // FIGGLE_WRITE_TIMINGS=1: each write's hops, for bench/realtime
  installCloseConnectionsOnShutdown(app);
  installSecurityHeaders(app, options.serveWeb ? inlineScriptHashes(readBuiltIndex()) : []);
  installPluginCors(app); // the Figma plugin's token requests, from its iframe (Origin: null)

  await app.register(fastifySwagger, { openapi: apiDescription, transform: jsonSchemaTransform });
  await app.register(fastifySwaggerUi, apiDocsOptions());
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });

  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  await app.register(healthRoutes);
  await app.register(
    metricsRoutes(
      metrics,
      () => realtimeHubOf(deps)?.connections.size ?? 0,
      JOB_HANDLERS.map((handler) => handler.kind),
    ),
  );
  await app.register(authRoutes);
  await app.register(devMailboxRoutes);
  await app.register(clockControlRoutes(controlled, wakeWorkers)); // tests only: exists with TEST_CLOCK_CONTROL
  await app.register(meRoutes);
  await app.register(apiTokenRoutes);
  await app.register(calendarFeedRoutes);
  await app.register(organizationRoutes);
  await app.register(memberRoutes);
  await app.register(invitationRoutes);
  await app.register(passwordRoutes);
  await app.register(projectRoutes);
  await app.register(bookmarkRoutes);
  await app.register(taskRoutes);
  await app.register(taskContentRoutes);
  await app.register(commentRoutes);
  await app.register(labelRoutes);
  await app.register(timelineRoutes);
  await app.register(checklistRoutes);
  await app.register(taskFigmaNodeRoutes);
  await app.register(milestoneRoutes);
  await app.register(taskTemplateRoutes);
  await app.register(customFieldRoutes);
  await app.register(projectStatusRoutes);
  await app.register(cycleRoutes);
  await app.register(recurringTaskRoutes);
  await app.register(timelineViewRoutes);
  await app.register(trashRoutes);
  await app.register(designChangeRoutes);
  await app.register(uploadRoutes);
  await app.register(importRoutes);
  // Everything Figma: settings, design links, the webhook receiver, the radar, task images and replies.
  await app.register(figmaSettingsRoutes);
  await app.register(figmaOAuthRoutes);
  await app.register(designLinkRoutes);
  await app.register(figmaWebhookRoutes);
  await app.register(figmaDevStatusRoutes);
  await app.register(figmaEventRoutes);
  await app.register(figmaTaskRoutes);
  await app.register(figmaDevResourceRoutes);
  await app.register(figmaPluginApiRoutes);
  await app.register(inboxRoutes);
  await app.register(notificationEmailRoutes);
  await app.register(notificationRoutes);
  await app.register(dashboardRoutes);
  await app.register(weeklySummaryRoutes);
  await app.register(searchRoutes);
  await app.register(exportRoutes);
  await app.register(webhookRoutes);
  await app.register(realtimeRoutes({ outbox: { onSent: (events) => metrics.liveEventsSent(events) } }));

  if (options.serveWeb) serveWebApp(app, { isEmbeddable: embeddableSessions(auth, db, sessionMemory) });
  return app;
}

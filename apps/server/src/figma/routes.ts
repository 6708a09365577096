import type { AppInstance } from '../app-types.ts';
import { figmaEventRoutes } from '../features/figma-events/routes.ts';
import { designLinkRoutes } from '../features/figma-links/routes.ts';
import { figmaSettingsRoutes } from '../features/figma-settings/routes.ts';
import { figmaTaskRoutes } from '../features/figma-task/routes.ts';
import { figmaWebhookRoutes } from '../features/figma-webhook/routes.ts';

/** Everything Figma: settings, design links, the webhook receiver, the radar, task images and replies. */
export async function figmaRoutes(app: AppInstance): Promise<void> {
  await app.register(figmaSettingsRoutes);
  await app.register(designLinkRoutes);
  await app.register(figmaWebhookRoutes);
  await app.register(figmaEventRoutes);
  await app.register(figmaTaskRoutes);
}

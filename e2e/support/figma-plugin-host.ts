import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FrameLocator, Page } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The plugin's built interface (apps/figma-plugin/dist/ui.html), built now: esbuild, well under a second. */
export function builtPluginUi(): string {
  execFileSync(process.execPath, [path.join(root, 'apps/figma-plugin/build.mjs')], { stdio: 'ignore' });
  return readFileSync(path.join(root, 'apps/figma-plugin/dist/ui.html'), 'utf8');
}

interface FakeSelection {
  nodeId: string;
  name: string;
  nodeIds: string[];
}

/**
 * A page that plays Figma around the plugin's interface: ui.html in a sandboxed iframe (Origin
 * `null`, as in Figma), the code.ts side answered through postMessage with `{ pluginMessage }`,
 * as Figma relays it. `theme` is the class Figma puts on the iframe's page with themeColors.
 */
export async function openPluginInFakeFigma(
  page: Page,
  options: {
    html: string;
    theme: 'figma-light' | 'figma-dark';
    fileKey: string;
    selection: FakeSelection;
    png: Buffer;
    place?: { editorType: string; mode: string };
  },
): Promise<FrameLocator> {
  const themed = options.html.replace('<html lang="en">', `<html lang="en" class="${options.theme}">`);
  await page.setContent(
    `<!doctype html><html lang="en"><title>Figma</title><body style="margin:0"><iframe title="Figgle plugin" sandbox="allow-scripts allow-forms"
      style="border:0;width:100%;height:100vh"></iframe></body>`,
  );
  await page.evaluate(
    ({ srcdoc, fileKey, selection, png, place }) => {
      const frame = document.querySelector('iframe') as HTMLIFrameElement;
      const state = {
        fromUi: [] as Array<{ type: string; [key: string]: unknown }>,
        connection: null as unknown,
        selection,
      };
      Object.assign(window, { figmaHost: state });
      const toUi = (message: unknown) => frame.contentWindow?.postMessage({ pluginMessage: message }, '*');
      Object.assign(window, { figmaSelect: (next: unknown) => toUi({ type: 'selection', selection: next }) });
      window.addEventListener('message', (event) => {
        const message = (event.data as { pluginMessage?: { type: string; [key: string]: unknown } })
          ?.pluginMessage;
        if (!message) return;
        state.fromUi.push(message);
        if (message.type === 'ready') {
          toUi({
            type: 'init',
            connection: state.connection,
            place,
            fileKey,
            fileName: 'Checkout flows',
            selection: state.selection,
          });
        } else if (message.type === 'save-connection') {
          state.connection = message.connection;
          toUi({ type: 'connection-saved', connection: state.connection });
        } else if (message.type === 'forget-connection') {
          state.connection = null;
          toUi({ type: 'connection-saved', connection: null });
        } else if (message.type === 'export-image' && String(message.nodeId).startsWith('99:')) {
          // Layers 99:* play one Figma cannot export (removed meanwhile).
          toUi({
            type: 'image-failed',
            requestId: message.requestId,
            message: 'The layer is gone: select it again.',
          });
        } else if (message.type === 'export-image') {
          const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0));
          toUi({ type: 'image', requestId: message.requestId, bytes });
        }
      });
      frame.srcdoc = srcdoc;
    },
    {
      srcdoc: themed,
      fileKey: options.fileKey,
      selection: options.selection,
      png: options.png.toString('base64'),
      place: options.place ?? { editorType: 'figma', mode: 'default' },
    },
  );
  return page.frameLocator('iframe[title="Figgle plugin"]');
}

/** The messages the interface sent to the code side, of one type. */
export async function messagesFromUi(page: Page, type: string): Promise<Array<Record<string, unknown>>> {
  return page.evaluate(
    (wanted) =>
      (window as unknown as { figmaHost: { fromUi: Array<{ type: string }> } }).figmaHost.fromUi.filter(
        (message) => message.type === wanted,
      ),
    type,
  );
}

/** The person selects another layer in Figma. */
export async function selectInFigma(page: Page, selection: FakeSelection | null): Promise<void> {
  await page.evaluate(
    (next) => (window as unknown as { figmaSelect: (s: unknown) => void }).figmaSelect(next),
    selection,
  );
}

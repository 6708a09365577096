import {
  type CodeMessage,
  type Connection,
  MAX_NODE_IDS,
  type SelectedNode,
  STORAGE_CONNECTION,
  STORAGE_FILE_KEYS,
  type UiMessage,
} from './messages.ts';

/** Wide enough for a task's title and its status beside it; Figma lets the person resize the panel. */
const UI_SIZE = { width: 340, height: 560 };
/** An image wider than this is exported at this width: a frame of a whole page stays a few MB at most. */
const IMAGE_MAX_WIDTH = 1600;

function post(message: CodeMessage): void {
  figma.ui.postMessage(message);
}

/** The first selected layer, with its parents up to its page: the tasks of any of them are listed. */
function selectedNode(): SelectedNode | null {
  const node = figma.currentPage.selection[0];
  if (!node) return null;
  const nodeIds: string[] = [];
  let current: BaseNode | null = node;
  while (current && current.type !== 'DOCUMENT' && nodeIds.length < MAX_NODE_IDS) {
    nodeIds.push(current.id);
    current = current.parent;
  }
  return { nodeId: node.id, name: node.name, nodeIds };
}

function isConnection(value: unknown): value is Connection {
  const candidate = value as Partial<Connection> | null | undefined;
  return typeof candidate?.serverUrl === 'string' && typeof candidate.token === 'string';
}

async function fileKeysGiven(): Promise<Record<string, string>> {
  const stored: unknown = await figma.clientStorage.getAsync(STORAGE_FILE_KEYS);
  return stored && typeof stored === 'object' ? (stored as Record<string, string>) : {};
}

/**
 * figma.fileKey is given to private (organization) plugins only; any other copy asks the person
 * for the file's link once and remembers its key under the document's name, on this computer.
 */
async function fileKey(): Promise<string | null> {
  return figma.fileKey ?? (await fileKeysGiven())[figma.root.name] ?? null;
}

async function exportImage(requestId: number, nodeId: string): Promise<void> {
  try {
    const node = await figma.getNodeByIdAsync(nodeId);
    if (!node || !('exportAsync' in node)) throw new Error('The layer is gone: select it again.');
    const constraint: ExportSettingsConstraints =
      'width' in node && node.width > IMAGE_MAX_WIDTH
        ? { type: 'WIDTH', value: IMAGE_MAX_WIDTH }
        : { type: 'SCALE', value: 1 };
    const bytes = await node.exportAsync({ format: 'PNG', constraint });
    post({ type: 'image', requestId, bytes });
  } catch (error) {
    post({
      type: 'image-failed',
      requestId,
      message: error instanceof Error ? error.message : String(error),
    });
  }
}

/** Only the server's own pages are opened: the address comes from the server's answer. */
function isWebAddress(url: string): boolean {
  return /^https?:\/\/[^\s]+$/i.test(url);
}

async function handleUiMessage(message: UiMessage): Promise<void> {
  switch (message.type) {
    case 'ready': {
      const stored: unknown = await figma.clientStorage.getAsync(STORAGE_CONNECTION);
      post({
        type: 'init',
        connection: isConnection(stored) ? stored : null,
        place: { editorType: figma.editorType, mode: figma.mode },
        fileKey: await fileKey(),
        fileName: figma.root.name,
        selection: selectedNode(),
      });
      return;
    }
    case 'save-connection': {
      const connection = { serverUrl: message.connection.serverUrl, token: message.connection.token };
      await figma.clientStorage.setAsync(STORAGE_CONNECTION, connection);
      post({ type: 'connection-saved', connection });
      return;
    }
    case 'forget-connection':
      await figma.clientStorage.deleteAsync(STORAGE_CONNECTION);
      post({ type: 'connection-saved', connection: null });
      return;
    case 'save-file-key': {
      const keys = await fileKeysGiven();
      await figma.clientStorage.setAsync(STORAGE_FILE_KEYS, { ...keys, [figma.root.name]: message.fileKey });
      post({ type: 'file-key-saved', fileKey: message.fileKey });
      return;
    }
    case 'export-image':
      await exportImage(message.requestId, message.nodeId);
      return;
    case 'open-url':
      if (isWebAddress(message.url)) figma.openExternal(message.url);
      return;
    case 'notify':
      figma.notify(message.message);
      return;
  }
}

/**
 * The plugin's entry: the interface in Figma's colours (themeColors gives the iframe the
 * figma-light or figma-dark class and the --figma-color-* variables), kept told of the selection.
 * In Dev Mode's inspect panel Figma sizes the panel itself and the document is read-only, which
 * this code respects: it only reads the selection and exports images.
 */
export function startPlugin(): void {
  figma.showUI(__html__, { themeColors: true, title: 'Figgle', ...UI_SIZE });
  figma.ui.onmessage = (message: UiMessage) => handleUiMessage(message);
  figma.on('selectionchange', () => post({ type: 'selection', selection: selectedNode() }));
}

import type { CodeMessage } from '../src/messages.ts';

/**
 * A stand-in for Figma's `figma` global, holding only what the plugin's code uses, each piece typed
 * by @figma/plugin-typings (a change of Figma's signatures breaks the typecheck here). The test
 * plays the person: it selects nodes, sends the interface's messages, and reads what the code sent.
 */

type FakeNode = Pick<FrameNode, 'id' | 'name' | 'type' | 'width' | 'exportAsync'> & {
  parent: FakeNode | FakePage | null;
};
type FakePage = Pick<PageNode, 'id' | 'name' | 'type'> & {
  parent: Pick<DocumentNode, 'id' | 'type' | 'name'>;
  selection: FakeNode[];
};

export interface FakeFigma {
  figma: PluginAPI;
  /** What the code posted to the interface, in order. */
  posted: CodeMessage[];
  /** The addresses given to figma.openExternal. */
  opened: string[];
  notices: string[];
  showUI: { html: string; options: ShowUIOptions | undefined } | null;
  storage: Map<string, unknown>;
  page: FakePage;
  /** A frame inside the page; `exportAsync` answers `bytes` and records its settings. */
  frame(id: string, name: string, parent?: FakeNode, width?: number): FakeNode;
  select(...nodes: FakeNode[]): void;
  /** Sends a message from the interface, as figma.ui.onmessage receives it, and waits for its handling. */
  fromUi(message: unknown): Promise<void>;
  exports: Array<{ nodeId: string; settings: ExportSettings | undefined }>;
  removed: Set<string>;
}

export function installFakeFigma(
  place: { editorType?: PluginAPI['editorType']; mode?: PluginAPI['mode']; fileKey?: string } = {},
): FakeFigma {
  const posted: CodeMessage[] = [];
  const opened: string[] = [];
  const notices: string[] = [];
  const storage = new Map<string, unknown>();
  const nodes = new Map<string, FakeNode>();
  const exports: FakeFigma['exports'] = [];
  const removed = new Set<string>();
  const selectionListeners: Array<() => void> = [];
  const document: FakePage['parent'] = { id: '0:0', type: 'DOCUMENT', name: 'Checkout flows' };
  const page: FakePage = { id: '0:1', name: 'Page 1', type: 'PAGE', parent: document, selection: [] };

  const clientStorage: Pick<ClientStorageAPI, 'getAsync' | 'setAsync' | 'deleteAsync'> = {
    getAsync: async (key) => structuredClone(storage.get(key)),
    setAsync: async (key, value) => void storage.set(key, structuredClone(value)),
    deleteAsync: async (key) => void storage.delete(key),
  };
  const ui: Pick<UIAPI, 'postMessage' | 'onmessage'> = {
    postMessage: (message) => void posted.push(structuredClone(message) as CodeMessage),
    onmessage: undefined,
  };
  const on = ((type: ArgFreeEventType, callback: () => void) => {
    if (type === 'selectionchange') selectionListeners.push(callback);
  }) as PluginAPI['on'];

  const fake: FakeFigma = {
    posted,
    opened,
    notices,
    storage,
    page,
    exports,
    removed,
    showUI: null,
    figma: undefined as unknown as PluginAPI,
    frame(id, name, parent, width = 400) {
      const node: FakeNode = {
        id,
        name,
        type: 'FRAME',
        width,
        parent: parent ?? page,
        exportAsync: (async (settings?: ExportSettings) => {
          exports.push({ nodeId: id, settings });
          return new Uint8Array([137, 80, 78, 71, id.length]);
        }) as FrameNode['exportAsync'],
      };
      nodes.set(id, node);
      return node;
    },
    select(...selected) {
      page.selection = selected;
      for (const listener of selectionListeners) listener();
    },
    async fromUi(message) {
      const handler = ui.onmessage as ((message: unknown, props: OnMessageProperties) => unknown) | undefined;
      if (!handler) throw new Error('The plugin listens to no message from its interface');
      await handler(message, { origin: 'null' });
    },
  };

  const figma: Partial<PluginAPI> = {
    editorType: place.editorType ?? 'figma',
    mode: place.mode ?? 'default',
    fileKey: 'fileKey' in place ? place.fileKey : 'FakeFile12345',
    root: document as unknown as DocumentNode,
    currentPage: page as unknown as PageNode,
    clientStorage: clientStorage as ClientStorageAPI,
    ui: ui as UIAPI,
    on,
    showUI: (html, options) => {
      fake.showUI = { html, options };
    },
    openExternal: (url) => void opened.push(url),
    notify: ((message: string) => {
      notices.push(message);
      return { cancel: () => undefined };
    }) as PluginAPI['notify'],
    getNodeByIdAsync: async (id) =>
      removed.has(id) ? null : ((nodes.get(id) as unknown as BaseNode) ?? null),
  };
  fake.figma = figma as PluginAPI;
  Object.assign(globalThis, { figma, __html__: '<p>Figgle plugin</p>' });
  return fake;
}

/**
 * The messages between the plugin's two halves: the code that runs in Figma's sandbox (code.ts,
 * which sees the document but not the network) and the interface in its iframe (ui.ts, which sees
 * the network but not the document). Figma delivers them with `figma.ui.postMessage` one way and
 * `parent.postMessage({ pluginMessage }, '*')` the other.
 */

/** Where the plugin finds Figgle: the server's address and a personal API token. */
export interface Connection {
  serverUrl: string;
  token: string;
}

/** The selected layer, and what is needed to find and link it. */
export interface SelectedNode {
  /** The selected node's id (`1:2`). */
  nodeId: string;
  name: string;
  /** The node, then each parent outwards, up to and including its page. */
  nodeIds: string[];
}

/** Where the plugin runs: design mode, or Dev Mode's inspect panel (read-only there). */
export interface PluginPlace {
  editorType: string;
  mode: string;
}

export type CodeMessage =
  | {
      type: 'init';
      connection: Connection | null;
      place: PluginPlace;
      /** The Figma file's key: figma.fileKey, or the one the person gave for this file; null if unknown. */
      fileKey: string | null;
      /** The document's name, which a file key given by hand is remembered under. */
      fileName: string;
      selection: SelectedNode | null;
    }
  | { type: 'selection'; selection: SelectedNode | null }
  | { type: 'connection-saved'; connection: Connection | null }
  | { type: 'file-key-saved'; fileKey: string }
  | { type: 'image'; requestId: number; bytes: Uint8Array }
  | { type: 'image-failed'; requestId: number; message: string };

export type UiMessage =
  | { type: 'ready' }
  | { type: 'save-connection'; connection: Connection }
  | { type: 'forget-connection' }
  | { type: 'save-file-key'; fileKey: string }
  | { type: 'export-image'; requestId: number; nodeId: string }
  | { type: 'open-url'; url: string }
  | { type: 'notify'; message: string };

/** The keys of figma.clientStorage (kept on this computer, for this plugin only). */
export const STORAGE_CONNECTION = 'figgle-connection';
export const STORAGE_FILE_KEYS = 'figgle-file-keys';

/** How many parents are asked about at most (the server takes 100 node ids). */
export const MAX_NODE_IDS = 100;

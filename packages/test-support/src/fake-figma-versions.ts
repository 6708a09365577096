/**
 * The version history part of the fake Figma (docs/figma-api.md#design-changed-versions-and-renders):
 * `GET /v1/files/:key/versions` and the `version` parameter of `GET /v1/images/:key`. A test changes
 * how a node renders (`changeNode`) and saves a named version (`createVersion`), which keeps how each
 * node of the file rendered then. A render without `version` shows the file as it is now.
 */

export interface FakeVersion {
  id: string;
  created_at: string;
  label: string | null;
  description: string | null;
  user: { id: string; handle: string; img_url: string };
  thumbnail_url?: string;
}

interface FileHistory {
  /** Newest first, as Figma lists them. */
  versions: FakeVersion[];
  /** How each changed node looks now: a seed mixed into its rendered picture. */
  looks: Map<string, string>;
  /** The looks of each version, frozen when it was made. */
  looksAt: Map<string, Map<string, string>>;
}

let nextVersionId = 4_100_000_000;

export class FakeFigmaVersions {
  private readonly files = new Map<string, FileHistory>();

  private historyOf(fileKey: string): FileHistory {
    let history = this.files.get(fileKey);
    if (!history) {
      history = { versions: [], looks: new Map(), looksAt: new Map() };
      this.files.set(fileKey, history);
    }
    return history;
  }

  /** From now on the node renders differently (other bytes, another colour). */
  changeNode(fileKey: string, nodeId: string): void {
    const history = this.historyOf(fileKey);
    const look = String(Number(history.looks.get(nodeId) ?? '0') + 1);
    history.looks.set(nodeId, look);
  }

  /** A named version of the file as it is now, newest in the history. */
  createVersion(
    fileKey: string,
    options: { label?: string | null; description?: string | null; handle?: string; at?: Date } = {},
  ): FakeVersion {
    const history = this.historyOf(fileKey);
    const version: FakeVersion = {
      id: String(nextVersionId++),
      // Whole seconds, as Figma writes them.
      created_at: (options.at ?? new Date()).toISOString().replace(/\.\d{3}Z$/, 'Z'),
      label: options.label === undefined ? 'Checkout v2' : options.label,
      description: options.description ?? null,
      user: {
        id: '813845097374535682',
        handle: options.handle ?? 'Grace Hopper',
        img_url: 'https://s3-alpha.figma.com/profile/grace',
      },
    };
    history.versions.unshift(version);
    history.looksAt.set(version.id, new Map(history.looks));
    return version;
  }

  /** GET /v1/files/:key/versions: newest first, `page_size` of them (30 by default). */
  versionsAnswer(fileKey: string, pageSize: number): { versions: FakeVersion[]; pagination: object } {
    const versions = this.historyOf(fileKey).versions.slice(0, Math.max(1, Math.min(pageSize, 50)));
    return { versions, pagination: {} };
  }

  /**
   * Where the picture of a node renders, now or at a version; undefined for a version the file does
   * not have (Figma answers 400 then).
   */
  imagePath(fileKey: string, nodeId: string, versionId: string | null): string | undefined {
    const history = this.historyOf(fileKey);
    const looks = versionId ? history.looksAt.get(versionId) : history.looks;
    if (!looks) return undefined;
    const look = looks.get(nodeId);
    const path = `/images/${fileKey}/${encodeURIComponent(nodeId)}.png`;
    return look ? `${path}?look=${look}` : path;
  }
}

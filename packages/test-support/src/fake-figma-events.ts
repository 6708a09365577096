// The Webhooks V2 events beyond FILE_COMMENT, shaped as Figma documents them (docs/figma-api.md#more-event-types),
// and the Dev Mode status of the fake's nodes (devStatus on GET /v1/files/:key/nodes).

/** What FakeFigma's createWebhook accepts as event_type (Figma's WebhookV2Event). */
export const WEBHOOK_EVENT_TYPES = [
  'PING',
  'FILE_UPDATE',
  'FILE_VERSION_UPDATE',
  'FILE_DELETE',
  'LIBRARY_PUBLISH',
  'FILE_COMMENT',
  'DEV_MODE_STATUS_UPDATE',
] as const;

export type DevStatus = 'NONE' | 'READY_FOR_DEV' | 'COMPLETED';

/** Example deliveries of each type; passcode and webhook_id are the receiving webhook's. */
export const EVENT_PAYLOADS = {
  devModeStatusUpdate: {
    event_type: 'DEV_MODE_STATUS_UPDATE',
    file_key: 'zH44k2FUM629Fa4EMShiHL',
    file_name: 'Checkout redesign',
    node_id: '12:345',
    status: 'READY_FOR_DEV' as DevStatus,
    related_links: [] as Array<{ id: string; name: string; url: string; file_key: string; node_id: string }>,
    triggered_by: { id: '813845097374535682', handle: 'Grace Hopper', img_url: '' },
    passcode: 'REPLACE_WITH_STORED_PASSCODE',
    timestamp: '2026-10-02T11:20:00Z',
    webhook_id: '1442088',
  },
  fileVersionUpdate: {
    event_type: 'FILE_VERSION_UPDATE',
    file_key: 'zH44k2FUM629Fa4EMShiHL',
    file_name: 'Checkout redesign',
    version_id: '5501234567',
    label: 'Hover states v3',
    description: 'Higher contrast on the primary button',
    created_at: '2026-10-02T11:30:00Z',
    triggered_by: { id: '813845097374535682', handle: 'Grace Hopper', img_url: '' },
    passcode: 'REPLACE_WITH_STORED_PASSCODE',
    timestamp: '2026-10-02T11:30:01Z',
    webhook_id: '1442089',
  },
  fileUpdate: {
    event_type: 'FILE_UPDATE',
    file_key: 'zH44k2FUM629Fa4EMShiHL',
    file_name: 'Checkout redesign',
    passcode: 'REPLACE_WITH_STORED_PASSCODE',
    timestamp: '2026-10-02T11:31:00Z',
    webhook_id: '1442090',
  },
} as const;

/** The Dev Mode status of nodes, as a designer set it in Figma; a node never marked has none. */
export class FakeDevStatuses {
  private readonly statuses = new Map<string, DevStatus>();

  set(fileKey: string, nodeId: string, status: DevStatus): void {
    this.statuses.set(`${fileKey}\n${nodeId}`, status);
  }

  of(fileKey: string, nodeId: string): DevStatus {
    return this.statuses.get(`${fileKey}\n${nodeId}`) ?? 'NONE';
  }

  /**
   * GET /v1/files/:key/nodes?ids=…: `{name, lastModified, version, nodes: {id: {document}}}`. A frame
   * with a status carries `devStatus: {type}`; one without has no devStatus at all (Figma leaves it out).
   */
  nodesAnswer(fileKey: string, fileName: string, ids: string[]): unknown {
    return {
      name: fileName,
      lastModified: '2026-10-02T09:00:00Z',
      version: '1234567890',
      nodes: Object.fromEntries(
        ids.map((id) => {
          const status = this.of(fileKey, id);
          const document = {
            id,
            name: `Frame ${id}`,
            type: 'FRAME',
            ...(status === 'NONE' ? {} : { devStatus: { type: status } }),
          };
          return [id, { document, components: {}, styles: {}, schemaVersion: 0 }];
        }),
      ),
    };
  }
}

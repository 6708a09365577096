import { performance } from 'node:perf_hooks';
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

/** A statement's kind as the metric names it: the node kinds Kysely builds, a raw `sql` text apart. */
const OPERATIONS: Record<string, string> = {
  SelectQueryNode: 'select',
  InsertQueryNode: 'insert',
  UpdateQueryNode: 'update',
  DeleteQueryNode: 'delete',
  MergeQueryNode: 'merge',
  RawNode: 'raw',
};

/**
 * Times every statement made through the app's Kysely handle, from its compilation to its rows, so
 * the wait for a pool connection counts (that wait is what people feel when the pool is short). A
 * statement that fails never reaches transformResult and is not timed; its start is forgotten with
 * its query id (a WeakMap entry), so nothing piles up. BEGIN and COMMIT are the driver's, not timed.
 */
export function queryTimingPlugin(observe: (operation: string, seconds: number) => void): KyselyPlugin {
  const started = new WeakMap<object, { operation: string; at: number }>();
  return {
    transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
      started.set(args.queryId, { operation: OPERATIONS[args.node.kind] ?? 'other', at: performance.now() });
      return args.node;
    },
    async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      const start = started.get(args.queryId);
      if (start) {
        started.delete(args.queryId);
        observe(start.operation, (performance.now() - start.at) / 1000);
      }
      return args.result;
    },
  };
}

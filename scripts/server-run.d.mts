export declare const serverBundle: string;
export declare const SERVER_NODE_ARGS: string[];
export declare const SERVER_ENV: Record<string, string>;
export declare function serverBundleIsCurrent(): boolean;
export declare function buildServer(): Promise<string>;
export declare function serverCommand(): Promise<{
  command: string;
  args: string[];
  env: Record<string, string>;
}>;

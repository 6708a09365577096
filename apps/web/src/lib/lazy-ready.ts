import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** A lazily loaded component that can be asked to download ahead of its first render. */
export type PreloadableComponent<Props extends object> = LazyExoticComponent<ComponentType<Props>> & {
  preload: () => Promise<unknown>;
};

/**
 * Like React's `lazy`, with `preload`; and when the code has already arrived (preloaded) by the
 * first render, the component renders at once: React reads a thenable that answers synchronously
 * as resolved, where a promise would suspend the boundary for a frame or more and show its loader.
 */
export function lazyReady<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): PreloadableComponent<Props> {
  let loading: Promise<ComponentType<Props>> | undefined;
  let loaded: ComponentType<Props> | undefined;
  const preload = () => {
    loading ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        // A failed fetch (offline) is not kept: the next preload or render asks again.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const component = lazy(() => {
    const ready = loaded;
    if (ready) {
      const answered = { default: ready };
      // biome-ignore lint/suspicious/noThenProperty: the synchronous thenable is the point (see above).
      return { then: (resolve: (value: typeof answered) => void) => resolve(answered) } as PromiseLike<
        typeof answered
      > as Promise<typeof answered>;
    }
    return preload().then((component) => ({ default: component }));
  });
  return Object.assign(component, { preload });
}

const scheduledPreloads = new WeakSet<() => Promise<unknown>>();

/**
 * Fetches a lazy component's code once the browser is idle (at most once per component, however
 * many places ask): code a page may need soon, kept off its first render. A failed fetch (offline)
 * is tried again at the next request.
 */
export function preloadWhenIdle(preload: () => Promise<unknown>): void {
  if (scheduledPreloads.has(preload)) return;
  scheduledPreloads.add(preload);
  const run = () => void preload().catch(() => scheduledPreloads.delete(preload));
  if (window.requestIdleCallback) window.requestIdleCallback(run, { timeout: 3000 });
  else window.setTimeout(run, 1000);
}

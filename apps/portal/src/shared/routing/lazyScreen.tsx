import { lazy, type ComponentType, type JSX } from 'react';

type PropsOf<C> = C extends ComponentType<infer P> ? (P extends object ? P : object) : never;

export interface LazyScreen<P extends object> {
  (props: P): JSX.Element;
  /** Starts loading the screen's code now (a likely next page, or a test that renders synchronously). */
  preload: () => Promise<void>;
}

/**
 * A route's screen loaded with its route: React.lazy over a named export, for a Suspense boundary above it to wait
 * on. Once the code is in (loaded by a first render or by preload()), the screen renders directly, without suspending
 * again.
 *
 *     const AccountScreen = lazyScreen(() => import('@/features/account/components/AccountScreen'), 'AccountScreen');
 */
export function lazyScreen<M, K extends keyof M & string, P extends object = PropsOf<M[K]>>(
  load: () => Promise<M>,
  name: K,
): LazyScreen<P> {
  let loaded: ComponentType<P> | null = null;
  const fetchModule = () =>
    load().then((m) => {
      loaded = m[name] as ComponentType<P>;
      return loaded;
    });
  const Lazy = lazy(() => fetchModule().then((component) => ({ default: component })));
  const Screen = (props: P) => {
    const Component = loaded ?? Lazy;
    return <Component {...props} />;
  };
  Screen.displayName = `lazy(${name})`;
  Screen.preload = () => fetchModule().then(() => undefined);
  return Screen;
}

import { createContext, useEffect, useState, type ReactNode } from 'react';
import { getApiVersion } from '@/features/info/api/getApiVersion';

/** undefined while loading, null when the API could not say. */
export type ApiVersion = string | null | undefined;

export const ApiVersionContext = createContext<ApiVersion>(undefined);

/** Asks the API for its version once per page load; every footer reads it from here. */
export function ApiVersionProvider({ children }: { children: ReactNode }) {
  const [version, setVersion] = useState<ApiVersion>(undefined);

  useEffect(() => {
    const controller = new AbortController();
    getApiVersion(controller.signal).then(setVersion, () => {
      if (!controller.signal.aborted) setVersion(null);
    });
    return () => controller.abort();
  }, []);

  return <ApiVersionContext.Provider value={version}>{children}</ApiVersionContext.Provider>;
}

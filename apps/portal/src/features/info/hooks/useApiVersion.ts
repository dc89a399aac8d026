import { useContext } from 'react';
import { ApiVersionContext, type ApiVersion } from '@/features/info/components/ApiVersionProvider';

export function useApiVersion(): ApiVersion {
  return useContext(ApiVersionContext);
}

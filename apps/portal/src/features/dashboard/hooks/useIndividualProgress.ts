import { useQuery } from '@tanstack/react-query';
import type { Page, VerificationListItem } from '@credence/api-contract';
import type { ApplicationView } from '@/features/applications/api/applications';
import { api } from '@/shared/api/client';

/** A verification is left out of the standalone card when it belongs to an application (money 2.7). */
export function standaloneVerifications(verifications: readonly VerificationListItem[], applications: readonly ApplicationView[]) {
  const inApplications = new Set(applications.flatMap((a) => (a.verifications ?? []).map((v) => v.id)));
  return verifications.filter((v) => !inApplications.has(v.id) && !(v as { applicationId?: string | null }).applicationId);
}

/**
 * The individual's applications (GET /application) and own verifications (GET /verification), for money 2.7. The
 * verifications are the latest 100, the most GET /verification gives a page: asked for 500, it refused with a 400,
 * and the card stayed empty for every individual.
 */
export function useIndividualProgress() {
  const applications = useQuery({
    queryKey: ['dashboard', 'individual', 'applications'],
    queryFn: ({ signal }) => api.get<Page<ApplicationView>>('/application', { page: 0, size: 500 }, { signal, silent: true }),
  });
  const verifications = useQuery({
    queryKey: ['dashboard', 'individual', 'verifications'],
    queryFn: ({ signal }) => api.get<Page<VerificationListItem>>('/verification', { page: 0, size: 100 }, { signal, silent: true }),
  });
  const apps = applications.data?.content ?? [];
  return {
    loading: applications.isLoading || verifications.isLoading,
    /** Either list failed: money 8 shows nothing in its place (no empty state, which would say there is nothing). */
    failed: applications.isError || verifications.isError,
    applications: apps,
    standalone: standaloneVerifications(verifications.data?.content ?? [], apps),
  };
}

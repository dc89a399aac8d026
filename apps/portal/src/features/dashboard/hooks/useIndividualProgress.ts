import { useQuery } from '@tanstack/react-query';
import type { Page, VerificationListItem } from '@credence/api-contract';
import type { ApplicationView } from '@/features/applications/api/applications';
import { api } from '@/shared/api/client';

/** A verification is left out of the standalone card when it belongs to an application (money 2.7). */
export function standaloneVerifications(verifications: readonly VerificationListItem[], applications: readonly ApplicationView[]) {
  const inApplications = new Set(applications.flatMap((a) => (a.verifications ?? []).map((v) => v.id)));
  return verifications.filter((v) => !inApplications.has(v.id) && !(v as { applicationId?: string | null }).applicationId);
}

/** The individual's applications (GET /application) and own verifications (GET /verification), for money 2.7. */
export function useIndividualProgress() {
  const applications = useQuery({
    queryKey: ['dashboard', 'individual', 'applications'],
    queryFn: ({ signal }) => api.get<Page<ApplicationView>>('/application', { page: 0, size: 500 }, { signal, silent: true }),
  });
  const verifications = useQuery({
    queryKey: ['dashboard', 'individual', 'verifications'],
    queryFn: ({ signal }) => api.get<Page<VerificationListItem>>('/verification', { page: 0, size: 500 }, { signal, silent: true }),
  });
  const apps = applications.data?.content ?? [];
  return {
    loading: applications.isLoading || verifications.isLoading,
    applications: apps,
    standalone: standaloneVerifications(verifications.data?.content ?? [], apps),
  };
}

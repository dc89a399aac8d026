/**
 * The notice scopes the system reads. The admin API takes any code (apps/api notice.dto.ts), but only DASHBOARD is
 * ever asked for: the portal shell's warning banners (access.md 2.3). Institute and region notices are narrowed by
 * instituteId and regionId, not by scope.
 */
export const NOTICE_SCOPES = [{ id: 'DASHBOARD', name: 'Portal banner' }];

/** A notice stored with a scope nobody reads still shows its code, so staff can see why it never appears. */
export const noticeScopeLabel = (scope: string | null | undefined) =>
  NOTICE_SCOPES.find((s) => s.id === scope)?.name ?? scope ?? '';

import { describe, expect, it } from 'vitest';
import { activeApplicantFilters, applicantFiltersFromParams, applicantQuery, withApplicantFilters } from '@/features/applicants/components/applicantFilters';

describe('applicant history filters (verifications 2.13, 4)', () => {
  it('defaults to PENDING + COMPLETED for organisations, and ?status=ALL lists every status', () => {
    expect(applicantFiltersFromParams(new URLSearchParams()).statuses).toEqual(['PENDING', 'COMPLETED']);
    expect(applicantFiltersFromParams(new URLSearchParams('status=ALL')).statuses).toEqual([]);
    expect(applicantFiltersFromParams(new URLSearchParams('status=ARCHIVED')).statuses).toEqual(['ARCHIVED']);
  });

  it('sends custom filters under their own keys and counts what differs from the defaults', () => {
    const f = applicantFiltersFromParams(new URLSearchParams('status=ALL&cf.role=Graduate%20analyst&ref=CAND'));
    expect(applicantQuery(f, { page: 1, perPage: 20 })).toMatchObject({ page: 1, size: 20, role: 'Graduate analyst', ref: 'CAND', status: undefined });
    expect(activeApplicantFilters(f)).toBe(3);
    expect(withApplicantFilters(new URLSearchParams(), f).toString()).toBe('status=ALL&ref=CAND&cf.role=Graduate+analyst');
  });
});

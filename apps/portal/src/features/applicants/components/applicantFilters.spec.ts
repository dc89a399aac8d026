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

  it('gives an individual no default statuses, OPEN and not ARCHIVED, and no reference or custom filters', () => {
    expect(applicantFiltersFromParams(new URLSearchParams(), 'individual').statuses).toEqual([]);
    expect(applicantFiltersFromParams(new URLSearchParams('status=open,ARCHIVED,COMPLETED'), 'individual').statuses).toEqual(['OPEN', 'COMPLETED']);
    expect(applicantFiltersFromParams(new URLSearchParams('status=OPEN,ARCHIVED'), 'organisation').statuses).toEqual(['ARCHIVED']);
    const f = applicantFiltersFromParams(new URLSearchParams('cf.role=Graduate%20analyst&ref=CAND&query=acme'), 'individual');
    expect(f).toMatchObject({ ref: '', custom: {}, query: 'acme' });
    expect(activeApplicantFilters(f, 'individual')).toBe(1);
    expect(activeApplicantFilters({ ...f, query: '' }, 'individual')).toBe(0);
    expect(activeApplicantFilters({ ...f, query: '' }, 'organisation')).toBe(1);
  });
});

import { applicationResult, type ApplicationState } from '@credence/domain';
import type { ApplicationRow, VerificationListRow } from '@credence/read-models';
import { iso, presentListRow } from '../../verifications';

/** Who reads the application: its applicant, the organisation it was made to, or staff. */
export type ApplicationAudience = 'applicant' | 'owner' | 'staff';

/**
 * The Application record of verifications.md 3 as the portal reads it. Documents are listed without their
 * bytes (GET /application/{id}/document/{docId} serves them); organisations see the customer reference, which
 * is theirs; prices are never shown here.
 */
export function presentApplication(row: ApplicationRow, verifications: Map<string, VerificationListRow>, audience: ApplicationAudience) {
  const s: ApplicationState = row.state;
  const t = s.template;
  return {
    id: row.id,
    created: iso(s.created),
    submitted: iso(s.submitted),
    completed: iso(s.completed),
    archived: iso(s.archived),
    status: s.status,
    owner: { id: t.ownerId, name: t.ownerName, template: t.template },
    applicant: { name: row.applicantName, ...(audience === 'applicant' ? {} : { username: s.applicant.username }) },
    customerReference: audience === 'applicant' ? null : s.customerReference,
    verificationCount: s.verificationIds.length,
    verifications: s.verificationIds
      .map((id) => verifications.get(id))
      .filter((v): v is VerificationListRow => !!v)
      .map((v) => {
        const item = presentListRow(v, 'history');
        // Inside an application REJECTED and NOT_FOUND read as ACTION_REQUIRED (verifications.md 4).
        return { ...item, applicationResult: applicationResult(v.result), ...(audience === 'applicant' ? {} : { permissions: 0 }) };
      }),
    applicantPays: t.applicantPays,
    lockedInstitutes: t.lockedInstitutes,
    pricingScheme: t.pricingScheme,
    allowedTypes: t.allowedTypes ? JSON.stringify(t.allowedTypes) : null,
    logo: t.logo,
    description: t.description,
    insight: audience === 'applicant' ? [] : s.insights,
    insightTag: audience === 'applicant' ? false : row.insightTag,
    fields: t.fields.map((f) => ({
      key: f.key,
      name: f.name,
      description: f.description,
      mask: f.mask,
      type: f.type,
      refData: f.refData,
      values: f.values,
      required: f.required,
      value: s.fields[f.key] ?? null,
    })),
    documents: s.documents.map((d) => ({
      id: d.id,
      name: d.name,
      filename: d.filename,
      size: d.size,
      requirementId: d.requirementId,
      required: t.documentRequirements.some((r) => r.id === d.requirementId && r.required),
      applicationId: row.id,
    })),
    documentRequirements: t.documentRequirements,
  };
}

import {
  dashboardStep,
  hasPermission,
  outputDocumentsVisible,
  permissionsForResult,
  resultFooter,
  resultLabel,
  type AuditEvent,
  type ResultList,
  type VerificationState,
} from '@credence/domain';
import type { VerificationListItem, VerificationView } from '@credence/api-contract';
import type { VerificationListRow } from '@credence/read-models';

/** `owner`: the organisation an application including the verification was made to (read only, no prices). */
/** `referrer`: the organisation whose referral brought the requester (2.14): as `owner`, without the documents. */
export type Audience = 'customer' | 'resolver' | 'public' | 'staff' | 'owner' | 'referrer';

/** Postgres answers timestamptz as text ('2026-11-20 10:00:00+00'); JSON answers use ISO-8601. */
export const iso = (value: string | Date | null | undefined): string | null => (value ? new Date(value).toISOString() : null);

/**
 * The verification record of verifications.md 3, as the portal reads it, plus what the pure rules derive (label,
 * permissions, step, footer) so no client re-derives them. Resolvers and the public link see no prices.
 */
export function presentVerification(
  s: VerificationState,
  options: { audience: Audience; list?: ResultList; timeline?: AuditEvent[] | null },
): VerificationView {
  const result = s.result ?? 'AWAITING_CONSENT';
  const list = options.list ?? 'history';
  const permissions = options.audience === 'customer' ? permissionsForResult(result) : 0;
  const documents = s.documents.filter((d) => !d.output);
  // The resolver sees the output documents it attaches while the request is pending; customers once it is resolved (2.9).
  const resolving = options.audience === 'resolver' || options.audience === 'public';
  const outputs = resolving || outputDocumentsVisible(result) ? s.documents.filter((d) => d.output) : [];
  const doc = (d: VerificationState['documents'][number]) => ({
    id: d.id,
    name: d.name,
    type: d.type,
    filename: d.filename,
    size: d.size,
    requirementId: d.requirementId,
    required: d.requirementId !== null,
    output: d.output,
    verificationId: s.id,
  });
  const money = options.audience === 'customer' || options.audience === 'staff';
  return {
    id: s.id,
    recorded: s.recorded,
    updated: s.updated,
    result,
    resultLabel: resultLabel(result, list, { inApplication: !!s.applicationId, thirdPartyActionUrl: s.thirdPartyActionUrl }),
    stage: s.stage,
    retriesLeft: s.retriesLeft,
    notes: s.notes,
    supplierUrl: s.supplierUrl,
    thirdPartyActionUrl: s.thirdPartyActionUrl,
    invoiceId: money ? (s.payment?.invoiceId ?? null) : null,
    price: money ? s.price : null,
    shared: false,
    accreditationStatus: s.accreditation?.status ?? null,
    accreditation: s.accreditation,
    customerReference: options.audience === 'public' ? null : s.customerReference,
    username: options.audience === 'public' ? null : s.requestedBy,
    fields: {
      firstname: s.person.firstname,
      middlename: s.person.middlename,
      surname: s.person.surname,
      dob: s.person.dob,
      ...s.fields,
      thirdPartyData: s.thirdPartyData,
    },
    instituteId: s.institute?.id ?? null,
    instituteName: s.institute?.name ?? null,
    instituteNames: s.institute?.names ?? [],
    institute: s.institute && {
      id: s.institute.id,
      name: s.institute.name,
      names: s.institute.names.map((name) => ({ name })),
      region: { id: s.institute.countryId, name: s.institute.countryName },
      allowsPending: s.institute.allowsPending,
      maxAdditionalDocs: s.institute.maxAdditionalDocs,
      parentId: s.institute.parentId,
    },
    company: { id: s.companyId, name: s.companyName },
    type: s.type,
    approvedByName: s.approvedByName,
    approvedByTitle: s.approvedByTitle,
    approvedDate: s.approvedDate,
    approvalProcess: options.audience === 'staff' ? s.approvalProcess : undefined,
    documents: options.audience === 'referrer' ? [] : documents.map(doc),
    outputDocs: options.audience === 'referrer' ? [] : outputs.map(doc),
    additionalFieldData: [{ subjects: s.subjects }],
    applicationId: s.applicationId,
    supplierId: s.supplierId,
    permissions,
    canEdit: hasPermission(permissions, 'UPD_FLD'),
    canAddDocuments: hasPermission(permissions, 'ADD_DOC'),
    canDeleteDocuments: hasPermission(permissions, 'DEL_DOC'),
    dashboardStep: dashboardStep(result),
    footer: resultFooter(result, s.institute?.id ?? null),
    // null: the history is withheld from this reader (an application's owner, a referrer), so there is no auditEvents
    // at all, as when the answer carries none (undefined); an empty list would say the verification has no history,
    // and the portal showed 'No events yet.' under a Verified result.
    ...(options.timeline ? { auditEvents: options.timeline } : {}),
  };
}

/** A row of the history, pending and resolved lists (and the duplicate lookup). */
export function presentListRow(r: VerificationListRow, list: ResultList): VerificationListItem {
  const shown = list === 'resolved' && r.resolvedResult ? r.resolvedResult : r.result;
  return {
    id: r.id,
    recorded: iso(r.recorded),
    result: shown,
    resultLabel: resultLabel(shown, list, { inApplication: !!r.applicationId, thirdPartyActionUrl: r.thirdPartyActionUrl }),
    currentResult: r.result,
    fields: { firstname: r.firstname, middlename: r.middlename, surname: r.surname, dob: r.dob, employerName: r.employerName },
    instituteId: r.instituteId,
    instituteName: r.instituteName,
    instituteNames: r.instituteNames ?? [],
    instituteCountry: r.instituteCountry,
    username: r.requestedBy,
    requestedByName: r.requestedByName,
    company: { id: r.companyId, name: r.companyName },
    customerReference: r.customerReference,
    type: r.type,
    shared: false,
    accreditationStatus: r.accreditationStatus,
    retriesLeft: r.retriesLeft,
    thirdPartyActionUrl: r.thirdPartyActionUrl,
    credential: r.credential ?? null,
    approvedDate: iso(r.resolvedAt),
    permissions: list === 'history' ? permissionsForResult(r.result) : 0,
    dashboardStep: dashboardStep(r.result),
  };
}

import type { DocumentRequirement } from '../catalogue.model';
import { pricesFor, type PriceView } from '../pricing/price-view';
import type { InstituteWithContext } from '../queries/institute-detail.query';
import type { InstituteSummaryHit } from '../queries/institute-search.query';

/** Institute summary row (verifications.md 3), with the prices the caller may see, plus readOnly and children. */
export function summaryRow(hit: InstituteSummaryHit, view: PriceView) {
  return {
    id: hit.id,
    name: hit.name,
    names: hit.names.map((name) => ({ name })),
    region: hit.countryId ? { id: hit.countryId, name: hit.countryName } : null,
    ...pricesFor(view, hit),
    readOnly: hit.readOnly,
    children: hit.children,
  };
}

/** A document card as the wizard starts it: the requirement, nothing uploaded yet. */
const documentCard = (d: DocumentRequirement) => ({
  ...d,
  requirementId: d.id,
  id: null,
  filename: null,
  data: null,
});

/** The institute of verifications.md 3, with the prices the caller may see. */
export function instituteBody(found: InstituteWithContext, view: PriceView) {
  const { institute: i, country, children } = found;
  return {
    id: i.id,
    name: i.name,
    names: [i.name, ...i.otherNames].map((name) => ({ name })),
    region: country ? { id: country.id, name: country.name, notices: country.notices } : null,
    type: i.type,
    parentId: i.parentId,
    minYear: i.minYear,
    ...pricesFor(view, i),
    accreditation: view === 'prices' ? i.accreditationPrice : null,
    accreditationSupported: i.accreditationPrice !== null,
    fields: i.fields,
    documentRequirements: i.documentRequirements,
    documents: i.documentRequirements.map(documentCard),
    notices: i.notices,
    allowsPending: i.allowsPending,
    readOnly: i.readOnly,
    allowsCurrentStudent: i.allowsCurrentStudent,
    maxAdditionalDocs: i.maxAdditionalDocs,
    customerReference: null,
    children,
  };
}

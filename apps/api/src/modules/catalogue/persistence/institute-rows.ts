import type { InstituteDefinition, InstituteType } from '../catalogue.model';

/** The columns of catalogue_institute as read, with the country's name and the number of children. */
export const INSTITUTE_SELECT = `i.id, i.name, i.other_names, i.country_id, i.parent_id, i.type, i.min_year,
  i.price::float8 AS price, i.surcharge::float8 AS surcharge, i.accreditation_price::float8 AS accreditation_price,
  i.allows_pending, i.read_only, i.allows_current_student, i.max_additional_docs, i.searchable, i.fields,
  i.document_requirements, i.notices, i.created_at, i.updated_at`;

export interface InstituteRow {
  id: string;
  name: string;
  other_names: string[];
  country_id: string | null;
  parent_id: string | null;
  type: string;
  min_year: number | null;
  price: number;
  surcharge: number;
  accreditation_price: number | null;
  allows_pending: boolean;
  read_only: boolean;
  allows_current_student: boolean;
  max_additional_docs: number;
  searchable: boolean;
  fields: InstituteDefinition['fields'];
  document_requirements: InstituteDefinition['documentRequirements'];
  notices: InstituteDefinition['notices'];
  created_at: Date;
  updated_at: Date;
}

export const fromRow = (r: InstituteRow): InstituteDefinition => ({
  id: r.id,
  name: r.name,
  otherNames: r.other_names,
  countryId: r.country_id,
  parentId: r.parent_id,
  type: r.type as InstituteType,
  minYear: r.min_year,
  price: r.price,
  surcharge: r.surcharge,
  accreditationPrice: r.accreditation_price,
  allowsPending: r.allows_pending,
  readOnly: r.read_only,
  allowsCurrentStudent: r.allows_current_student,
  maxAdditionalDocs: r.max_additional_docs,
  searchable: r.searchable,
  fields: r.fields,
  documentRequirements: r.document_requirements,
  notices: r.notices,
});

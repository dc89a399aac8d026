/** The catalogue's vocabularies (apps/api/src/modules/catalogue/catalogue.model.ts). */
export const INSTITUTE_TYPES = [
  { id: 'UNI', name: 'Higher Education' },
  { id: 'EMPLOYMENT', name: 'Employment History' },
  { id: 'PROF_LIC', name: 'Professional License' },
  { id: 'PROF_CERT', name: 'Professional Certificate' },
  { id: 'HIGH_SCHOOL', name: 'High School' },
  { id: 'IDENTITY', name: 'Identity Document' },
  { id: 'ENG_LANG', name: 'SELT Validation' },
  { id: 'ACA_REF', name: 'Academic Reference' },
];
export const FIELD_TYPES = ['TEXT', 'INTEGER', 'DATE', 'PASSWORD'].map((id) => ({ id, name: id }));
export const REF_DATA_MODES = [
  { id: 'TRUE', name: 'Options offered (free text allowed)' },
  { id: 'ONLY', name: 'Only the options' },
];
export const NOTICE_TYPES = ['INFO', 'WARNING', 'READONLY_INFO'].map((id) => ({ id, name: id }));

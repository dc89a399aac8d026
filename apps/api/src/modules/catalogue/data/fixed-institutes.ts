import {
  field,
  type DocumentRequirement,
  type InstituteDefinition,
  type RefDataOption,
} from '../catalogue.model';
import type { CountrySeed } from './reference-data';

/**
 * The institutes the product itself relies on (verifications.md 2.2, 2.4, 3): fixed codes for employment,
 * identity, academic reference and SELT, and per country the high-school and employment entries the country
 * selector lists (named HSVQCI and EMPVQCI), with examination boards under some of them.
 */
export const QC_EMP_VER = 'QC_EMP_VER';
export const QC_ID_VER_TRUST_ID = 'QC_ID_VER_TRUST_ID';
export const QC_ARF_VER = 'QC_ARF_VER';
export const QC_EL_VER = 'QC_EL_VER';
export const HIGH_SCHOOL_SUMMARY = 'HSVQCI';
export const EMPLOYMENT_SUMMARY = 'EMPVQCI';
/** The names the country selector asks the search for; institutes so named are listed by exact name only. */
export const SUMMARY_NAMES: readonly string[] = [HIGH_SCHOOL_SUMMARY, EMPLOYMENT_SUMMARY];
export const highSchoolId = (countryId: string) => `QC_HS_VER_${countryId}`;
export const employmentId = (countryId: string) => `QC_EMP_VER_${countryId}`;

/** Prices in pounds (the list prices behind the discount map of money-and-insights.md 9). */
const PRICE = { employment: 49, highSchool: 26, identity: 9.5, selt: 10, academicReference: 20 };

const base = (
  over: Partial<InstituteDefinition> & Pick<InstituteDefinition, 'id' | 'name' | 'type' | 'price'>,
): InstituteDefinition => ({
  otherNames: [],
  countryId: null,
  parentId: null,
  minYear: null,
  surcharge: 0,
  accreditationPrice: null,
  allowsPending: true,
  readOnly: false,
  allowsCurrentStudent: false,
  maxAdditionalDocs: 5,
  searchable: false,
  fields: [],
  documentRequirements: [],
  notices: [],
  ...over,
});

const employmentFields = () => [
  field({ key: 'employerName', name: 'Employer Name', required: true }),
  field({ key: 'employerAddress', name: 'Employer Address', required: true }),
  field({ key: 'employerContactName', name: 'Employer Contact Name', required: true }),
  field({ key: 'employerPhone', name: 'Employer Contact Phone', required: true }),
  field({
    key: 'employerEmail',
    name: 'Employer Contact Email',
    required: true,
    description: 'The HR or payroll contact who can confirm the employment.',
  }),
  field({ key: 'jobTitle', name: 'Job Title', required: true }),
  field({ key: 'startDate', name: 'Start Date', required: true, type: 'DATE', mask: '99/99/9999' }),
  field({
    key: 'endDate',
    name: 'End Date',
    type: 'DATE',
    mask: '99/99/9999',
    description: 'Leave empty if still employed.',
  }),
];

const consent = (id: string, name: string, type: string, template: string): DocumentRequirement => ({
  id,
  name,
  type,
  required: true,
  description: 'Signed by the individual named in the request.',
  templateDescription: `Download, print and have the individual sign the ${name}.`,
  template,
});

/** Countries whose high-school results the product verifies, and the examination boards under some of them. */
const HIGH_SCHOOL_COUNTRIES = [
  'GB',
  'US',
  'IE',
  'IN',
  'PK',
  'BD',
  'LK',
  'NP',
  'NG',
  'GH',
  'KE',
  'UG',
  'TZ',
  'ZA',
  'ZW',
  'ZM',
  'EG',
  'AE',
  'SA',
  'JO',
  'LB',
  'MY',
  'SG',
  'HK',
  'CN',
  'PH',
  'ID',
  'AU',
  'NZ',
  'CA',
  'JM',
  'TT',
  'CY',
  'GR',
  'TR',
  'FR',
  'DE',
  'ES',
  'IT',
  'PT',
  'PL',
  'RO',
  'BR',
  'MX',
];
const EXAM_BOARDS: Record<string, string[]> = {
  GB: [
    'AQA',
    'OCR',
    'Pearson Edexcel',
    'WJEC / Eduqas',
    'CCEA',
    'Scottish Qualifications Authority',
    'Cambridge International',
  ],
  IN: [
    'Central Board of Secondary Education (CBSE)',
    'Council for the Indian School Certificate Examinations (CISCE)',
    'Maharashtra State Board',
    'Tamil Nadu State Board',
    'Kerala Board of Public Examinations',
  ],
  NG: [
    'West African Examinations Council (WAEC)',
    'National Examinations Council (NECO)',
    'National Business and Technical Examinations Board (NABTEB)',
  ],
  GH: ['West African Examinations Council (WAEC)'],
  KE: ['Kenya National Examinations Council (KNEC)'],
  ZA: ['Umalusi', 'Independent Examinations Board (IEB)'],
  PK: [
    'Federal Board of Intermediate and Secondary Education',
    'Board of Intermediate and Secondary Education Lahore',
    'Board of Intermediate Education Karachi',
    'Aga Khan University Examination Board',
  ],
  BD: [
    'Board of Intermediate and Secondary Education Dhaka',
    'Board of Intermediate and Secondary Education Chittagong',
  ],
  US: ['College Board (AP)', 'International Baccalaureate', 'State high school diploma'],
};
/** A few countries whose employment checks go through a named authority as well as employers directly. */
const EMPLOYMENT_AUTHORITIES: Record<string, string[]> = {
  US: ['Federal Government Employer', 'State or Local Government Employer'],
  AE: ['Government Entity', 'Free Zone Company'],
  IN: ["Employees' Provident Fund Organisation records"],
};

const slug = (text: string) =>
  text
    .toUpperCase()
    .normalize('NFD')
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_|_$/g, '')
    .slice(0, 64);

export interface FixedCatalogue {
  institutes: InstituteDefinition[];
  refData: RefDataOption[];
}

export function buildFixedInstitutes(countries: readonly CountrySeed[]): FixedCatalogue {
  const institutes: InstituteDefinition[] = [];
  const refData: RefDataOption[] = [];
  const byId = new Map(countries.map((c) => [c.id, c]));

  institutes.push(
    base({
      id: QC_EMP_VER,
      name: 'Employment Verification',
      type: 'EMPLOYMENT',
      price: PRICE.employment,
      fields: employmentFields(),
      documentRequirements: [
        consent(
          'consent-qc-employment',
          'Credence Consent Form',
          'CONSENT_QC_EMPLOYMENT',
          '/templates/consent/credence-consent-form.pdf',
        ),
      ],
    }),
    base({
      id: QC_ID_VER_TRUST_ID,
      name: 'Identity Document Verification',
      type: 'IDENTITY',
      price: PRICE.identity,
      allowsPending: false,
      maxAdditionalDocs: 0,
    }),
    base({
      id: QC_ARF_VER,
      name: 'Academic Reference',
      type: 'ACA_REF',
      price: PRICE.academicReference,
      fields: [
        field({
          key: 'email',
          name: 'Referee Email',
          required: true,
          description: 'Must be the current email address of the individual providing the reference',
        }),
        field({ key: 'refereeName', name: 'Referee Name', required: true }),
        field({ key: 'refereeInstitution', name: 'Referee Institution', required: true }),
        field({ key: 'relationship', name: 'Relationship to the individual', required: false }),
      ],
    }),
    base({
      id: QC_EL_VER,
      name: 'SELT Validation',
      otherNames: ['Secure English Language Test'],
      type: 'ENG_LANG',
      price: PRICE.selt,
      fields: [
        field({
          key: 'testProvider',
          name: 'Test Provider',
          required: true,
          refData: 'ONLY',
          values: [
            'IELTS for UKVI',
            'Pearson PTE Academic UKVI',
            'LanguageCert',
            'Trinity College London',
            'PSI Skills for English',
          ],
        }),
        field({ key: 'referenceNumber', name: 'Test Reference Number', required: true }),
        field({ key: 'testDate', name: 'Test Date', required: true, type: 'DATE', mask: '99/99/9999' }),
      ],
    }),
  );
  for (const value of [
    'IELTS for UKVI',
    'Pearson PTE Academic UKVI',
    'LanguageCert',
    'Trinity College London',
    'PSI Skills for English',
  ]) {
    refData.push({
      instituteId: QC_EL_VER,
      fieldKey: 'testProvider',
      id: slug(value).toLowerCase(),
      name: value,
    });
  }

  for (const code of HIGH_SCHOOL_COUNTRIES) {
    const country = byId.get(code);
    if (!country) continue;
    const id = highSchoolId(code);
    institutes.push(
      base({
        id,
        name: HIGH_SCHOOL_SUMMARY,
        otherNames: [`High School Verification ${country.name}`],
        countryId: code,
        type: 'HIGH_SCHOOL',
        price: PRICE.highSchool,
        fields: [
          field({ key: 'schoolName', name: 'School Name', required: true }),
          field({
            key: 'gradYear',
            name: 'Year of Graduation / Issue',
            required: true,
            type: 'INTEGER',
            mask: '9999',
          }),
          field({ key: 'candidateNumber', name: 'Candidate / Index Number', required: false }),
        ],
        documentRequirements: [
          {
            id: 'certificate',
            name: 'Copy of Certificate',
            type: 'CERTIFICATE',
            required: true,
            description: 'The results certificate or diploma.',
            templateDescription: null,
            template: null,
          },
        ],
      }),
    );
    for (const board of EXAM_BOARDS[code] ?? []) {
      institutes.push(
        base({
          id: `QC_HS_VER_SUB_${code}_${slug(board)}`,
          name: board,
          countryId: code,
          parentId: id,
          type: 'HIGH_SCHOOL',
          price: PRICE.highSchool,
          fields: [
            field({ key: 'schoolName', name: 'School Name', required: true }),
            field({
              key: 'gradYear',
              name: 'Year of Graduation / Issue',
              required: true,
              type: 'INTEGER',
              mask: '9999',
            }),
            field({ key: 'candidateNumber', name: 'Candidate / Index Number', required: true }),
          ],
        }),
      );
    }
  }

  // Employment is offered in every independent country with a continent on the map.
  for (const country of countries) {
    if (!country.regionId || !country.independent) continue;
    const id = employmentId(country.id);
    institutes.push(
      base({
        id,
        name: EMPLOYMENT_SUMMARY,
        otherNames: [`Employment Verification ${country.name}`],
        countryId: country.id,
        type: 'EMPLOYMENT',
        price: PRICE.employment,
        fields: employmentFields(),
      }),
    );
    for (const authority of EMPLOYMENT_AUTHORITIES[country.id] ?? []) {
      institutes.push(
        base({
          id: `${id}_SUB_${slug(authority)}`,
          name: authority,
          countryId: country.id,
          parentId: id,
          type: 'EMPLOYMENT',
          price: PRICE.employment,
          fields: employmentFields(),
        }),
      );
    }
  }
  return { institutes, refData };
}

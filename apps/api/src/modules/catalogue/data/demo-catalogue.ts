import {
  field,
  type DocumentRequirement,
  type InstituteDefinition,
  type InstituteField,
  type InstituteType,
  type Notice,
  type RefDataOption,
} from '../catalogue.model';
import { PLACES } from './place-names';
import { Prng, seedOf } from './prng';
import type { CountrySeed } from './reference-data';

/**
 * The demo catalogue: a deterministic, plausible set of institutes across the world (same seed, same catalogue),
 * big enough to feel real and to measure the search on. University of Demo is hand-made, with records behind it.
 */

/** The institute the demo institute account (irene@uni-demo.test) resolves for. */
export const UNIVERSITY_OF_DEMO_ID = 'uni-demo';
/** A read-only demo institute: the search lists it, and choosing it shows why it cannot be verified. */
export const DEMO_READ_ONLY_ID = 'uni-demo-archive';

export const QUALIFICATIONS = [
  'BA (Hons)',
  'BSc (Hons)',
  'BEng (Hons)',
  'LLB (Hons)',
  'BEd',
  'BMus',
  'MBBS',
  'BDS',
  'BPharm',
  'BBA',
  'BCom',
  'MA',
  'MSc',
  'MEng',
  'MBA',
  'LLM',
  'MPhil',
  'MRes',
  'PhD',
  'EdD',
  'DBA',
  'PGCE',
  'Postgraduate Diploma',
  'Higher National Diploma',
  'Foundation Degree',
  'Diploma',
  'Certificate of Higher Education',
];
export const COURSES = [
  'Accounting',
  'Architecture',
  'Biology',
  'Business Administration',
  'Chemistry',
  'Civil Engineering',
  'Computer Science',
  'Economics',
  'Education',
  'Electrical Engineering',
  'English Literature',
  'Finance',
  'Geography',
  'History',
  'Law',
  'Mathematics',
  'Mechanical Engineering',
  'Medicine',
  'Music',
  'Nursing',
  'Pharmacy',
  'Philosophy',
  'Physics',
  'Politics',
  'Psychology',
  'Sociology',
  'Software Engineering',
  'Statistics',
];

export const slugId = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Institutes per country in the standard demo catalogue; unlisted countries get a handful each. */
const WEIGHTS: Record<string, number> = {
  US: 260,
  GB: 160,
  IN: 140,
  CN: 90,
  NG: 60,
  BR: 60,
  DE: 60,
  FR: 55,
  JP: 50,
  CA: 50,
  PK: 45,
  AU: 45,
  MX: 40,
  RU: 40,
  ES: 40,
  IT: 40,
  TR: 35,
  PH: 35,
  ID: 35,
  KR: 30,
  ZA: 30,
  EG: 30,
  BD: 25,
  KE: 25,
  AR: 25,
  CO: 25,
  PL: 25,
  GH: 20,
  UA: 20,
  MY: 20,
  SA: 20,
  NL: 18,
  AE: 15,
  CL: 15,
  PE: 15,
  SE: 12,
  IE: 12,
  NZ: 12,
  PT: 12,
  SG: 8,
};

type Lang = 'eng' | 'spa' | 'fra' | 'por' | 'deu' | 'ita' | 'nld';
/** Name patterns per language: [local, English] (the English one is kept as another name). */
const PATTERNS: Record<Exclude<Lang, 'eng'>, [string, string][]> = {
  spa: [
    ['Universidad de {p}', 'University of {p}'],
    ['Universidad Nacional de {p}', 'National University of {p}'],
    ['Universidad Autónoma de {p}', 'Autonomous University of {p}'],
    ['Universidad Católica de {p}', 'Catholic University of {p}'],
    ['Instituto Tecnológico de {p}', '{p} Institute of Technology'],
    ['Universidad Politécnica de {p}', 'Polytechnic University of {p}'],
    ['Escuela de Negocios de {p}', '{p} Business School'],
    ['Conservatorio Superior de Música de {p}', '{p} Conservatory of Music'],
  ],
  fra: [
    ['Université de {p}', 'University of {p}'],
    ['Université Catholique de {p}', 'Catholic University of {p}'],
    ['Institut Polytechnique de {p}', '{p} Polytechnic Institute'],
    ['École Supérieure de Commerce de {p}', '{p} School of Business'],
    ['École Normale Supérieure de {p}', '{p} Teachers College'],
    ['Institut National des Sciences Appliquées de {p}', '{p} National Institute of Applied Sciences'],
    ['École des Beaux-Arts de {p}', '{p} School of Fine Arts'],
  ],
  por: [
    ['Universidade de {p}', 'University of {p}'],
    ['Universidade Federal de {p}', 'Federal University of {p}'],
    ['Universidade Estadual de {p}', 'State University of {p}'],
    ['Instituto Politécnico de {p}', '{p} Polytechnic Institute'],
    ['Universidade Católica de {p}', 'Catholic University of {p}'],
    ['Escola de Negócios de {p}', '{p} Business School'],
  ],
  deu: [
    ['Universität {p}', 'University of {p}'],
    ['Technische Universität {p}', '{p} University of Technology'],
    ['Hochschule {p}', '{p} University of Applied Sciences'],
    ['Pädagogische Hochschule {p}', '{p} University of Education'],
    ['Hochschule für Musik {p}', '{p} University of Music'],
  ],
  ita: [
    ['Università di {p}', 'University of {p}'],
    ['Università degli Studi di {p}', 'University of {p} Studies'],
    ['Politecnico di {p}', '{p} Polytechnic'],
    ['Accademia di Belle Arti di {p}', '{p} Academy of Fine Arts'],
    ['Conservatorio di Musica di {p}', '{p} Conservatory of Music'],
  ],
  nld: [
    ['Universiteit {p}', '{p} University'],
    ['Hogeschool {p}', '{p} University of Applied Sciences'],
    ['Technische Universiteit {p}', '{p} University of Technology'],
  ],
};
const ENGLISH_PATTERNS = [
  'University of {p}',
  '{p} University',
  '{p} Institute of Technology',
  '{p} College',
  '{p} Polytechnic',
  '{p} Metropolitan University',
  '{p} University of Science and Technology',
  '{p} Medical College',
  '{p} School of Business',
  '{p} College of Education',
  '{p} Institute of Management',
  '{p} College of Nursing',
  '{p} Academy of Fine Arts',
  '{p} Conservatory of Music',
  '{p} School of Law',
  'Royal {p} College',
  "St {s}'s College, {p}",
  '{p} Open University',
  '{p} Agricultural University',
  '{p} Technical University',
  '{p} State University',
  '{p} Christian University',
  '{p} Institute of Education',
];
const COUNTRY_PATTERNS = [
  'National University of {c}',
  '{d} Institute of Technology',
  'University of Northern {c}',
  'University of Southern {c}',
  'University of Eastern {c}',
  'University of Western {c}',
  'Central University of {c}',
  '{c} Open University',
  '{d} Academy of Sciences',
  '{c} Institute of Public Administration',
  'American University of {c}',
  '{c} University of Health Sciences',
  '{d} School of Economics',
];
const PROFESSIONAL_BODIES: [string, InstituteType][] = [
  ['{c} Medical Council', 'PROF_LIC'],
  ['{c} Nursing and Midwifery Council', 'PROF_LIC'],
  ['{c} Bar Association', 'PROF_LIC'],
  ['{d} Pharmacy Board', 'PROF_LIC'],
  ['Institute of Chartered Accountants of {c}', 'PROF_CERT'],
  ['{c} Engineering Council', 'PROF_CERT'],
];
const SAINTS = [
  'Mary',
  'John',
  'Andrew',
  'Patrick',
  'Joseph',
  'Paul',
  'Peter',
  'Anne',
  'David',
  'Francis',
  'Thomas',
  'Augustine',
];
const CAMPUSES = ['North', 'South', 'East', 'West', 'City', 'Harbour', 'Riverside', 'Park', 'Hill', 'Lake'];

const NOTICES: Notice[] = [
  { type: 'INFO', message: 'Verification times for this institute are currently longer than usual.' },
  {
    type: 'INFO',
    message: 'This institute verifies qualifications awarded in the last 30 years only by post.',
  },
  {
    type: 'WARNING',
    message: 'Please give the name exactly as it appears on the certificate, including middle names.',
  },
  {
    type: 'WARNING',
    message: 'The institute closes for the summer; requests sent in August are answered in September.',
  },
];
const READ_ONLY_NOTICE: Notice = {
  type: 'READONLY_INFO',
  message:
    'This institute does not accept third-party verification requests. Please ask the individual for a certified copy of their certificate.',
};

export interface DemoCatalogue {
  institutes: InstituteDefinition[];
  refData: RefDataOption[];
}

export interface DemoCatalogueOptions {
  /** Roughly how many generated institutes to make (the standard catalogue makes about 2,900). */
  total?: number;
  seed?: number;
  /** Prefix of generated ids, so a bench can grow an existing catalogue without clashes. */
  idPrefix?: string;
}

const STANDARD_SEED = 20261121;

/** The standard demo catalogue (University of Demo, the read-only demo and the generated institutes). */
export function buildDemoCatalogue(
  countries: readonly CountrySeed[],
  options: DemoCatalogueOptions = {},
): DemoCatalogue {
  const generated = generateInstitutes(countries, options);
  return {
    institutes: [universityOfDemo(), demoArchive(), ...generated.institutes],
    refData: [...universityOfDemoRefData(), ...generated.refData],
  };
}

export function universityOfDemo(): InstituteDefinition {
  return {
    id: UNIVERSITY_OF_DEMO_ID,
    name: 'University of Demo',
    otherNames: ['Demo University'],
    countryId: 'GB',
    parentId: null,
    type: 'UNI',
    minYear: 1990,
    price: 45,
    surcharge: 5,
    accreditationPrice: 10,
    allowsPending: true,
    readOnly: false,
    allowsCurrentStudent: true,
    maxAdditionalDocs: 5,
    searchable: true,
    fields: [
      field({
        key: 'qualification',
        name: 'Qualification',
        required: true,
        refData: 'ONLY',
        description: 'The award as shown on the certificate.',
      }),
      field({ key: 'course', name: 'Course / Subject', required: true }),
      field({
        key: 'gradYear',
        name: 'Year of Graduation / Issue',
        required: true,
        type: 'INTEGER',
        mask: '9999',
      }),
      field({
        key: 'studentId',
        name: 'Student ID',
        description: 'As printed on the transcript, e.g. UD123456.',
      }),
      field({ key: 'email', name: 'Email address of the individual' }),
    ],
    documentRequirements: [consentForm(UNIVERSITY_OF_DEMO_ID, 'institute')],
    notices: [
      { type: 'INFO', message: 'University of Demo answers most requests automatically from its records.' },
    ],
  };
}

function universityOfDemoRefData(): RefDataOption[] {
  return QUALIFICATIONS.map((name) => ({
    instituteId: UNIVERSITY_OF_DEMO_ID,
    fieldKey: 'qualification',
    id: slugId(name),
    name,
  }));
}

function demoArchive(): InstituteDefinition {
  return {
    ...universityOfDemo(),
    id: DEMO_READ_ONLY_ID,
    name: 'Demo College of Archives',
    otherNames: [],
    minYear: null,
    surcharge: 0,
    accreditationPrice: null,
    allowsPending: false,
    readOnly: true,
    allowsCurrentStudent: false,
    fields: [
      field({
        key: 'gradYear',
        name: 'Year of Graduation / Issue',
        required: true,
        type: 'INTEGER',
        mask: '9999',
      }),
    ],
    documentRequirements: [],
    notices: [READ_ONLY_NOTICE],
  };
}

function consentForm(instituteId: string, kind: 'institute' | 'credence'): DocumentRequirement {
  return kind === 'institute'
    ? {
        id: 'consent-institute',
        name: 'Institute Consent Form',
        type: 'CONSENT_INSTITUTE',
        required: true,
        description: "The institute's own consent form, signed by the individual.",
        templateDescription: 'Please download and complete the specific consent form.',
        template: `/templates/consent/${instituteId}.pdf`,
      }
    : {
        id: 'consent-credence',
        name: 'Credence Consent Form',
        type: 'CONSENT_QC',
        required: true,
        description: 'The Credence consent form, signed by the individual.',
        templateDescription: 'Please download and complete the Credence consent form.',
        template: '/templates/consent/credence-consent-form.pdf',
      };
}

function languagesOf(country: CountrySeed): Lang[] {
  const known = country.languages.filter((l): l is Lang => l === 'eng' || l in PATTERNS);
  return known.length ? known : ['eng'];
}

function placesOf(country: CountrySeed): string[] {
  const curated = PLACES[country.id];
  if (curated) return [...curated];
  return [...new Set([country.capital, country.name].filter((p): p is string => !!p))];
}

function weightOf(country: CountrySeed, prng: Prng): number {
  if (!country.regionId) return 0;
  if (WEIGHTS[country.id]) return WEIGHTS[country.id];
  return country.independent ? prng.int(4, 8) : prng.int(1, 2);
}

function generateInstitutes(countries: readonly CountrySeed[], options: DemoCatalogueOptions): DemoCatalogue {
  const seed = options.seed ?? STANDARD_SEED;
  const weighted = countries.map((c) => ({
    country: c,
    n: weightOf(c, new Prng(seedOf(`${seed}:${c.id}:weight`))),
  }));
  const standardTotal = weighted.reduce((sum, w) => sum + w.n, 0);
  const scale = options.total ? options.total / standardTotal : 1;
  const institutes: InstituteDefinition[] = [];
  const refData: RefDataOption[] = [];
  for (const { country, n } of weighted) {
    const count = Math.round(n * scale);
    if (count === 0) continue;
    const prng = new Prng(seedOf(`${seed}:${country.id}`));
    const made = countryInstitutes(country, count, prng, options.idPrefix ?? '');
    institutes.push(...made.institutes);
    refData.push(...made.refData);
  }
  return { institutes, refData };
}

function countryInstitutes(country: CountrySeed, count: number, prng: Prng, idPrefix: string): DemoCatalogue {
  const langs = languagesOf(country);
  const places = placesOf(country);
  const demonym = country.demonym ?? country.name;
  const fill = (pattern: string, place: string) =>
    pattern
      .replace('{p}', place)
      .replace('{c}', country.name)
      .replace('{d}', demonym)
      .replace('{s}', prng.pick(SAINTS));
  const used = new Set<string>();
  const institutes: InstituteDefinition[] = [];
  const refData: RefDataOption[] = [];
  const bodies = prng.sample(
    PROFESSIONAL_BODIES,
    Math.min(PROFESSIONAL_BODIES.length, Math.floor(count / 8)),
  );

  for (let i = 0; i < count; i++) {
    let type: InstituteType = 'UNI';
    let name = '';
    let otherNames: string[] = [];
    const body = i % 8 === 7 ? bodies.shift() : undefined;
    if (body) {
      name = fill(body[0], '');
      type = body[1];
    } else {
      for (let attempt = 0; attempt < 40 && (!name || used.has(name)); attempt++) {
        const lang = prng.pick(langs);
        const place = prng.pick(places);
        if (lang === 'eng') {
          const countryLevel = prng.chance(places.length < 5 ? 0.5 : 0.1);
          name = fill(prng.pick(countryLevel ? COUNTRY_PATTERNS : ENGLISH_PATTERNS), place);
          otherNames = name.endsWith('Metropolitan University') ? [`${place} Polytechnic`] : [];
        } else {
          const [local, english] = prng.pick(PATTERNS[lang]);
          name = fill(local, place);
          // French elides 'de' before a vowel: Université d'Alberta.
          if (lang === 'fra') name = name.replace(/ de (?=[AEIOUÉÈÎH])/g, " d'");
          otherNames = [fill(english, place)];
        }
      }
      if (used.has(name)) name = `${name}, ${prng.pick(CAMPUSES)} Campus ${i}`;
    }
    used.add(name);
    const id = `${idPrefix}${country.id}-${String(i + 1).padStart(4, '0')}`;
    const made = describe(id, name, otherNames, type, country, prng);
    institutes.push(made.institute);
    refData.push(...made.refData);
  }
  return { institutes, refData };
}

function describe(
  id: string,
  name: string,
  otherNames: string[],
  type: InstituteType,
  country: CountrySeed,
  prng: Prng,
): { institute: InstituteDefinition; refData: RefDataOption[] } {
  const refData: RefDataOption[] = [];
  const fields: InstituteField[] = [];
  const professional = type === 'PROF_LIC' || type === 'PROF_CERT';
  if (professional) {
    fields.push(
      field({
        key: 'licenceNumber',
        name: type === 'PROF_LIC' ? 'Licence / Registration Number' : 'Membership Number',
        required: true,
      }),
      field({ key: 'issueDate', name: 'Date of Issue', type: 'DATE', mask: '99/99/9999' }),
    );
  } else {
    const refMode = prng.chance(0.35) ? 'TRUE' : prng.chance(0.3) ? 'ONLY' : null;
    fields.push(field({ key: 'qualification', name: 'Qualification', required: true, refData: refMode }));
    if (refMode) {
      for (const q of prng.sample(QUALIFICATIONS, prng.int(6, 14))) {
        refData.push({ instituteId: id, fieldKey: 'qualification', id: slugId(q), name: q });
      }
    }
    if (prng.chance(0.7)) fields.push(field({ key: 'course', name: 'Course / Subject', required: true }));
    if (prng.chance(0.2))
      fields.push(field({ key: 'enrolYear', name: 'Year of Enrolment', type: 'INTEGER', mask: '9999' }));
    fields.push(
      field({
        key: 'gradYear',
        name: 'Year of Graduation / Issue',
        required: true,
        type: 'INTEGER',
        mask: '9999',
      }),
    );
    if (prng.chance(0.4)) fields.push(field({ key: 'studentId', name: 'Student ID' }));
    if (prng.chance(0.15))
      fields.push(field({ key: 'awardDate', name: 'Date of Award', type: 'DATE', mask: '99/99/9999' }));
    if (prng.chance(0.03)) {
      fields.push(
        field({
          key: 'verificationCode',
          name: 'Certificate Verification Code',
          type: 'PASSWORD',
          required: true,
          description: 'The code printed on the back of the certificate.',
        }),
      );
    }
  }
  if (prng.chance(0.5)) fields.push(field({ key: 'email', name: 'Email address of the individual' }));

  const documents: DocumentRequirement[] = [];
  if (prng.chance(0.12)) documents.push(consentForm(id, 'institute'));
  else if (prng.chance(0.05)) documents.push(consentForm(id, 'credence'));
  if (prng.chance(0.3)) {
    documents.push({
      id: 'certificate',
      name: professional ? 'Copy of Licence or Certificate' : 'Copy of Degree Certificate',
      type: 'CERTIFICATE',
      required: prng.chance(0.6),
      description: null,
      templateDescription: null,
      template: null,
    });
  }
  if (!professional && prng.chance(0.1)) {
    documents.push({
      id: 'transcript',
      name: 'Transcript',
      type: 'TRANSCRIPT',
      required: false,
      description: null,
      templateDescription: null,
      template: null,
    });
  }

  const readOnly = prng.chance(0.02);
  const notices: Notice[] = [];
  if (readOnly) notices.push(READ_ONLY_NOTICE);
  if (prng.chance(0.08)) notices.push(prng.pick(NOTICES));

  return {
    refData,
    institute: {
      id,
      name,
      otherNames,
      countryId: country.id,
      parentId: null,
      type,
      minYear: prng.chance(0.12) ? prng.int(1960, 2005) : null,
      price: prng.pick([40, 45, 45, 45, 49]),
      surcharge: prng.chance(0.3) ? prng.pick([5, 10, 15, 25, 35]) : 0,
      accreditationPrice: !professional && prng.chance(0.5) ? 10 : null,
      allowsPending: prng.chance(0.7),
      readOnly,
      allowsCurrentStudent: !professional && prng.chance(0.3),
      maxAdditionalDocs: prng.chance(0.1) ? 0 : 5,
      searchable: true,
      fields,
      documentRequirements: documents,
      notices,
    },
  };
}

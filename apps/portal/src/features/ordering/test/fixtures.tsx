import type { InstituteBody, InstituteSummary, OrderQuote } from '@/features/ordering/api/ordering';
import {
  NewVerificationScreen,
  StartVerificationScreen,
} from '@/features/ordering/components/NewVerificationScreen';
import { json, mockFetch, type MockRequest } from '@/test/fetchMock';
import { renderRoutes, Where } from '@/test/renderRoutes';

export const UNI: InstituteBody = {
  id: 'uni-demo',
  name: 'University of Demo',
  names: [{ name: 'University of Demo' }],
  region: { id: 'GB', name: 'United Kingdom', notices: [] },
  type: 'UNI',
  parentId: null,
  minYear: 1990,
  product: { price: 40.5 },
  surcharge: 4.5,
  totalPrice: 45,
  credits: null,
  accreditation: 12,
  accreditationSupported: true,
  fields: [
    {
      key: 'gradYear',
      name: 'Year of Graduation / Issue',
      description: null,
      required: true,
      type: 'INTEGER',
      refData: null,
      values: null,
      value: null,
      mask: null,
    },
    {
      key: 'course',
      name: 'Course / Subject',
      description: null,
      required: true,
      type: 'TEXT',
      refData: null,
      values: null,
      value: null,
      mask: null,
    },
    {
      key: 'awarded',
      name: 'Date Awarded',
      description: null,
      required: false,
      type: 'DATE',
      refData: null,
      values: null,
      value: null,
      mask: null,
    },
  ],
  documentRequirements: [
    {
      id: 'consent-institute',
      name: 'Institute Consent Form',
      type: 'CONSENT_INSTITUTE',
      required: true,
      description: 'Signed by the individual.',
      templateDescription: null,
      template: 'https://example.test/consent.pdf',
    },
  ],
  notices: [{ type: 'INFO', message: 'Records from 1990 onwards.' }],
  allowsPending: true,
  readOnly: false,
  allowsCurrentStudent: true,
  maxAdditionalDocs: 3,
  children: 0,
};

export const UNI_ROW: InstituteSummary = {
  id: 'uni-demo',
  name: 'University of Demo',
  names: [{ name: 'University of Demo' }, { name: 'UoD' }],
  region: { id: 'GB', name: 'United Kingdom' },
  product: { price: 40.5 },
  surcharge: 4.5,
  totalPrice: 45,
  credits: null,
  readOnly: false,
  children: 0,
};

export const MONEY_QUOTE: Extract<OrderQuote, { unit: 'money' }> = {
  unit: 'money',
  currency: 'GBP',
  paymentType: 'INVOICE',
  vatRatePercent: 20,
  lines: [
    {
      id: 'entry-1',
      candidateName: 'Jane Doe',
      instituteName: 'University of Demo',
      fee: 40.5,
      originalFee: null,
      surcharge: 4.5,
      accreditation: 0,
      total: 45,
    },
  ],
  subTotal: 45,
  vat: 9,
  currentCredit: 5,
  creditUsed: 5,
  extraCredit: 0,
  total: 49,
};

export const PDF_BYTES = new TextEncoder().encode('%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n');

/** The API of the wizard: institutes, regions, the quote, and what POST /verification answers. */
export function serveWizard(
  over: (req: MockRequest) => Response | undefined = () => undefined,
  quote: OrderQuote = MONEY_QUOTE,
) {
  const calls: MockRequest[] = [];
  const fetchMock = mockFetch((req) => {
    calls.push(req);
    const answer = over(req);
    if (answer) return answer;
    if (req.path === '/v1/institute/summary') {
      const rows = (req.query.get('name') ?? '').toLowerCase().includes('zzz') ? [] : [UNI_ROW];
      return json({ content: rows, totalSize: rows.length });
    }
    if (req.path === '/v1/institute/uni-demo') return json(UNI);
    if (req.path === '/v1/region')
      return json({ content: [{ id: 'GB', name: 'United Kingdom' }], totalSize: 1 });
    if (req.path === '/v1/verification/quote') return json(quote);
    if (req.path === '/v1/verification' && req.method === 'POST') {
      const body = req.body as { verifications?: unknown[] };
      if (req.query.get('autosubmit') === 'false')
        return json(
          { id: 'QC-DRAFT-1', result: 'AWAITING_CONSENT', invoiceId: null, documents: [] },
          { status: 201 },
        );
      return json(
        (body.verifications ?? [body]).map((_, i) => ({
          id: `QC-NEW-${i + 1}`,
          result: 'PENDING',
          invoiceId: 'INV-0042',
        })),
        { status: 201 },
      );
    }
    return undefined;
  });
  return { calls, fetchMock };
}

/** The wizard at its routes, with stand-ins for where it leads, in the app's providers. */
export function renderWizard(url: string) {
  return renderRoutes(
    [
      { path: '/verification/new', element: <NewVerificationScreen /> },
      { path: '/verification/start', element: <StartVerificationScreen /> },
      { path: '/verification/history', element: <Where /> },
      { path: '/verification/history/:id', element: <Where /> },
      { path: '/wallet', element: <Where /> },
      { path: '/home', element: <Where /> },
      { path: '/login', element: <Where /> },
    ],
    url,
  );
}

export { seriousViolations } from '@/features/verifications/test/fixtures';

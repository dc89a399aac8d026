import type { CreditHistoryRow, InvoiceView } from '@credence/api-contract';
import { BuyCreditScreen } from '@/features/money/components/BuyCreditScreen';
import { CreditHistoryScreen } from '@/features/money/components/CreditHistoryScreen';
import { InvoiceScreen } from '@/features/money/components/InvoiceScreen';
import { OrderCreditsScreen } from '@/features/money/components/OrderCreditsScreen';
import { useLocation } from 'react-router';
import { renderRoutes } from '@/test/renderRoutes';

function Elsewhere() {
  const location = useLocation();
  return <p>Now at {location.pathname}</p>;
}

/** The money screens at a URL, in the portal's providers, with a query cache the test can look into. */
export function renderMoney(url: string) {
  return renderRoutes(
    [
      { path: '/credit/history', element: <CreditHistoryScreen /> },
      { path: '/credit/history/:id', element: <InvoiceScreen /> },
      { path: '/credit/order', element: <OrderCreditsScreen /> },
      { path: '/credit/buy', element: <BuyCreditScreen /> },
      { path: '*', element: <Elsewhere /> },
    ],
    url,
  );
}

export const historyRow = (over: Partial<CreditHistoryRow> = {}): CreditHistoryRow => ({
  id: 'INV-1001',
  created: '2026-11-20T14:30:00Z',
  type: 'PURCHASE',
  name: 'Credit Purchase: Invoice INV-1001',
  username: 'ann@acme.example',
  paid: 60,
  receiptId: 'R-1',
  unit: 'money',
  currency: 'GBP',
  invoiceId: 'INV-1001',
  verificationId: null,
  ...over,
});

export const invoiceView = (over: Partial<InvoiceView> = {}): InvoiceView => ({
  id: 'INV-1001',
  created: '2026-11-20T14:30:00Z',
  receiptId: 'R-77',
  providerId: 'TX-555',
  transactionId: 'TX-555',
  title: 'Invoice',
  kind: 'ORDER',
  billing: 'CARD',
  status: 'PAID',
  paidAt: '2026-11-18T10:15:00.000Z',
  paymentMethod: 'card',
  username: 'ann@acme.example',
  currency: 'GBP',
  currencySymbol: '£',
  company: {
    name: 'Acme Recruitment Ltd',
    vatId: 'GB123456789',
    addressStreet1: '1 High Street',
    addressStreet2: null,
    addressStreet3: null,
    addressCity: 'London',
    addressPostCode: 'N1 1AA',
    addressCountry: { name: 'United Kingdom', id: 'GB' },
  },
  items: [
    {
      name: 'Verification',
      label: 'Jane Doe (University of Demo)',
      candidateName: 'Jane Doe',
      instituteNames: ['University of Demo'],
      verificationId: 'V-1',
      price: 40.5,
      originalPrice: null,
      surcharge: 5,
      accreditation: 0,
      total: 45.5,
    },
    {
      name: 'Accreditation',
      label: 'College of Demo Accreditation',
      candidateName: null,
      instituteNames: ['College of Demo'],
      verificationId: null,
      price: 9,
      originalPrice: null,
      surcharge: 0,
      accreditation: 0,
      total: 9,
    },
  ],
  showPriceHeadings: true,
  vatMultiplier: 1.2,
  subtotal: 54.5,
  vat: 10.9,
  creditUsed: 5.4,
  total: 60,
  paid: 61.2,
  cardFees: 1.2,
  summary: [
    { label: 'Sub Total', amount: 54.5 },
    { label: 'Plus VAT', amount: 10.9 },
    { label: 'Less Current Credit', amount: 5.4 },
    { label: 'Total', amount: 60 },
    { label: 'Plus Card Fees', amount: 1.2 },
    { label: 'Total Paid', amount: 61.2 },
  ],
  ...over,
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/App';
import { CertificateCheckScreen } from '@/features/certificate/components/CertificateCheckScreen';
import { json, mockFetch } from '@/test/fetchMock';

const PDF = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37]);

const record = (over: Record<string, unknown> = {}) => ({
  issued: true,
  code: 'AbCdEfGhIjKlMnOpQrStUv',
  qcid: 'QC123',
  type: 'UNI',
  institute: 'University of Demo',
  result: 'VERIFIED',
  resultLabel: 'Verified',
  issuedAt: '2026-11-24T10:00:00Z',
  issuer: 'Credence',
  status: 'CURRENT',
  changedSince: false,
  currentResult: 'VERIFIED',
  currentResultLabel: 'Verified',
  revision: '7',
  digest: 'ab'.repeat(32),
  pdfSha256: '',
  ...over,
});

function renderAt(code: string) {
  const router = createMemoryRouter([{ path: '/certificate/:code', element: <CertificateCheckScreen /> }], { initialEntries: [`/certificate/${code}`] });
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

async function realSha(bytes: Uint8Array<ArrayBuffer>) {
  const d = await crypto.subtle.digest('SHA-256', bytes);
  return [...new Uint8Array(d)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

describe('certificate check page (/certificate/:code)', () => {
  it('shows what was issued, its status and issuer, and checks a dropped PDF in the browser', async () => {
    const sha = await realSha(PDF);
    mockFetch((req) => (req.path === '/v1/certificate/AbCdEfGhIjKlMnOpQrStUv' ? json(record({ pdfSha256: sha })) : undefined));
    renderAt('AbCdEfGhIjKlMnOpQrStUv');
    expect(await screen.findByText('QC123')).toBeInTheDocument();
    expect(screen.getByText('Verified')).toBeInTheDocument();
    expect(screen.getByText('Credence')).toBeInTheDocument();
    expect(screen.getByText('Current')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.upload(screen.getByLabelText('Certificate PDF'), new File([PDF], 'certificate.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('This PDF is the certificate issued under this code.')).toBeInTheDocument();

    await user.upload(screen.getByLabelText('Certificate PDF'), new File([new Uint8Array([...PDF, 0x20])], 'altered.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('This PDF does not match the certificate issued under this code: it may have been altered.')).toBeInTheDocument();
  });

  it('says when the verification changed since', async () => {
    mockFetch((req) => (req.path.startsWith('/v1/certificate/') ? json(record({ status: 'CHANGED', changedSince: true })) : undefined));
    renderAt('AbCdEfGhIjKlMnOpQrStUv');
    expect(await screen.findByText('Changed since')).toBeInTheDocument();
  });

  it('answers an unknown code plainly', async () => {
    mockFetch((req) => (req.path.startsWith('/v1/certificate/') ? json({ errors: [{ message: 'Certificate not found.' }] }, { status: 404 }) : undefined));
    renderAt('AAAAAAAAAAAAAAAAAAAAAA');
    expect(await screen.findByText('No certificate was issued with this code.')).toBeInTheDocument();
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { InstituteBody, InstituteSummary } from '@/features/ordering/api/ordering';
import { renderWizard, serveWizard, seriousViolations, UNI } from '@/features/ordering/test/fixtures';
import { json } from '@/test/fetchMock';
import { signInAs } from '@/test/session';

const entry = (id: string, country: string, children: number): InstituteSummary => ({
  id,
  name: 'HSVQCI',
  names: [{ name: 'HSVQCI' }],
  region: { id: id.slice(-2), name: country },
  product: { price: 26 },
  surcharge: 0,
  totalPrice: 26,
  credits: null,
  readOnly: false,
  children,
});
const board = (id: string, name: string): InstituteSummary => ({ ...entry(id, 'United Kingdom', 0), name, names: [{ name }] });
const highSchool = (id: string, name: string): InstituteBody => ({
  ...UNI,
  id,
  name,
  names: [{ name }],
  type: 'HIGH_SCHOOL',
  minYear: null,
  accreditation: null,
  accreditationSupported: false,
  fields: [{ key: 'gradYear', name: 'Year of Graduation / Issue', description: null, required: true, type: 'INTEGER', refData: null, values: null, value: null, mask: null }],
  documentRequirements: [],
  notices: [],
});

describe('country / board selector (verifications 2.4)', () => {
  it('high school: the country, then the examination board with Unknown or N/A, then the details with Courses / Subjects', async () => {
    signInAs({ paymentType: 'INVOICE' });
    const { calls } = serveWizard((req) => {
      if (req.path === '/v1/institute/summary' && req.query.get('name') === 'HSVQCI') return json({ content: [entry('QC_HS_VER_GB', 'United Kingdom', 2), entry('QC_HS_VER_IE', 'Ireland', 0)], totalSize: 2 });
      if (req.path === '/v1/institute/summary' && req.query.get('parentId') === 'QC_HS_VER_GB') return json({ content: [board('board-aqa', 'AQA'), board('board-ocr', 'OCR')], totalSize: 2 });
      if (req.path === '/v1/institute/board-ocr') return json({ ...highSchool('board-ocr', 'OCR'), minYear: 2000 });
      return undefined;
    });
    const user = userEvent.setup();
    const { container } = renderWizard('/verification/new?nhsc=1');
    expect(await screen.findByText('Select the country where the employer/school is located:')).toBeInTheDocument();
    expect(screen.getByText('If the country is not listed, please contact support@credence.test to request coverage.')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: /^Country/ }));
    await user.click(await screen.findByRole('option', { name: 'United Kingdom' }));
    expect(await screen.findByText('This country verifies high school qualifications via an examination board or authority.')).toBeInTheDocument();
    expect(await seriousViolations(container)).toEqual([]);
    await user.click(screen.getByRole('combobox', { name: /^Examination Board \/ Authority/ }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Unknown or N/A', 'AQA', 'OCR']);
    await user.click(screen.getByRole('option', { name: 'OCR' }));
    const country = await screen.findByRole('region', { name: 'Country' });
    expect(within(country).getByText('OCR')).toBeInTheDocument();
    expect(screen.getByText('Courses / Subjects')).toBeInTheDocument();
    // The board's minimum year, as education institutes say theirs (2.5 §4).
    expect(screen.getByText('OCR requires the Year of Graduation / Issue to be set to 2000 or later')).toBeInTheDocument();
    expect(screen.getByLabelText('Grade or Mark (Actual or Predicted)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add another course / subject' }));
    expect(screen.getAllByLabelText('Course / Subject')).toHaveLength(2);
    expect(calls.some((c) => c.path === '/v1/institute/summary' && c.query.get('size') === '1000' && c.query.get('page') === '0')).toBe(true);
  });

  it('employment: a country without boards picks its entry; Employer Details and Employment Details', async () => {
    signInAs({ paymentType: 'INVOICE' });
    serveWizard((req) => {
      if (req.path === '/v1/institute/summary' && req.query.get('name') === 'EMPVQCI') return json({ content: [entry('QC_EMP_VER_GB', 'United Kingdom', 0)], totalSize: 1 });
      if (req.path === '/v1/institute/QC_EMP_VER_GB')
        return json({
          ...highSchool('QC_EMP_VER_GB', 'EMPVQCI'),
          // As the API names a country's employment entry: the selector's list code, then its own name.
          names: [{ name: 'EMPVQCI' }, { name: 'Employment Verification United Kingdom' }],
          type: 'EMPLOYMENT',
          fields: [
            { key: 'employerName', name: 'Employer Name', description: null, required: true, type: 'TEXT', refData: null, values: null, value: null, mask: null },
            { key: 'jobTitle', name: 'Job Title', description: null, required: true, type: 'TEXT', refData: null, values: null, value: null, mask: null },
            { key: 'startDate', name: 'Start Date', description: null, required: true, type: 'DATE', refData: null, values: null, value: null, mask: null },
          ],
        });
      return undefined;
    });
    const user = userEvent.setup();
    renderWizard('/verification/new?nemp=1');
    await user.click(await screen.findByRole('combobox', { name: /^Country/ }));
    await user.click(await screen.findByRole('option', { name: 'United Kingdom' }));
    const employer = await screen.findByRole('region', { name: 'Employer Details' });
    const country = screen.getByRole('region', { name: 'Country' });
    expect(within(country).getByText('Employment Verification United Kingdom')).toBeInTheDocument();
    expect(within(country).queryByText('EMPVQCI')).not.toBeInTheDocument();
    expect(within(employer).getByLabelText(/^Employer Name/)).toBeInTheDocument();
    const employment = screen.getByRole('region', { name: 'Employment Details' });
    expect(within(employment).getByLabelText(/^Job Title/)).toBeInTheDocument();
    expect(within(employment).getByText('Please ensure you use DD/MM/YYYY format.')).toBeInTheDocument();
    expect(screen.getByText('Must be the name used at the time of employment.')).toBeInTheDocument();
    // No accreditation for employment (2.8).
    expect(screen.queryByText('Institute Accreditation Check')).not.toBeInTheDocument();
  });
});

import assert from 'node:assert/strict';
import { apiGet, TINY_PDF } from '../api.ts';
import type { Journey } from '../harness.ts';
import { dismissToasts, expectTitle, signInThroughUi, toast, patient } from '../ui.ts';

interface Record {
  id: string;
  result: string;
  documents: { name: string; filename?: string | null; requirementId: string | null }[];
}

/** 6,000,000 bytes that start like a PDF: refused for its size alone. */
const SIX_MB_PDF = Buffer.concat([TINY_PDF, Buffer.alloc(6_000_000 - TINY_PDF.length, 0x20)]);
/** A text file renamed .pdf. */
const NOT_A_PDF = Buffer.from('Curriculum vitae of Jane Doe\nThis is plain text, not a PDF.\n', 'utf8');
const LABEL = 'EmployerReference-01';

/**
 * Issue 15, journey 7 (verifications 2.6, 5, 8): on a degree's documents, a text file renamed .pdf and a 6 MB PDF
 * are refused in the spec's words and attach nothing; the 'Add another document' label blocks spaces and stops at
 * 30 characters, and a 20-character label is accepted with its file. Nothing is saved until the order is
 * submitted, and then only the accepted files: the API's record has the consent form and the labelled document.
 */
export const documentRefusals: Journey = {
  name: 'ordering: documents, a renamed non-PDF and a 6 MB PDF refused, a 20-character label accepted',
  async run(t) {
    const { page, baseUrl } = t;
    patient(page);
    const count = async () => (await apiGet<{ totalSize: number }>(baseUrl, 'carol@globex.test', '/v1/verification?size=1')).totalSize;
    const before = await count();
    await signInThroughUi(page, 'carol@globex.test');
    await page.goto('/verification/new?nedu=1');
    await expectTitle(page, 'New Verification');
    await page.getByLabel('Institute name').fill('University of Demo');
    const row = page.getByRole('table', { name: 'Institutes' }).getByRole('row', { name: /University of Demo/ });
    await row.waitFor();
    await row.getByRole('button', { name: /University of Demo/ }).click();
    await page.getByRole('region', { name: 'Institute Details' }).waitFor();
    await page.getByLabel(/^First name/).fill('Jane');
    await page.getByLabel(/^Last name/).fill('Doe');
    await page.getByLabel(/^Date of birth/).fill('12/04/1995');
    await page.getByRole('combobox', { name: /^Qualification/ }).fill('BSc');
    await page.getByRole('option', { name: 'BSc (Hons)' }).click();
    await page.getByLabel(/^Course \/ Subject/).fill('Computer Science');
    await page.getByLabel(/^Year of Graduation/).fill('2017');

    const documents = page.getByRole('region', { name: 'Documents' });
    await documents.getByText('(Must be pdf file type)').first().waitFor();
    // A text file renamed .pdf: unreadable, nothing attached.
    await documents.getByLabel('Institute Consent Form file').setInputFiles({ name: 'consent.pdf', mimeType: 'application/pdf', buffer: NOT_A_PDF });
    await documents.getByText('Could not read file, check supported file types.').waitFor();
    assert.equal(await documents.getByRole('button', { name: 'View Institute Consent Form' }).count(), 0, 'the renamed file is not attached');
    await t.axe('documents-not-pdf');
    await t.shot('documents-not-pdf');
    // 6 MB: over the 5 MB limit, with the advice to compress.
    await documents.getByLabel('Institute Consent Form file').setInputFiles({ name: 'consent-scan.pdf', mimeType: 'application/pdf', buffer: SIX_MB_PDF });
    await documents.getByText('File 6Mb size exceeds limits of 5Mb').waitFor();
    await documents.getByText('Please use any of the free online tools to compress your file to less than 5Mb').waitFor();
    assert.equal(await documents.getByRole('button', { name: 'View Institute Consent Form' }).count(), 0, 'the large file is not attached');
    await t.axe('documents-too-large');
    await t.shot('documents-too-large');
    // The right file is taken, and the refusal goes.
    await documents.getByLabel('Institute Consent Form file').setInputFiles({ name: 'consent.pdf', mimeType: 'application/pdf', buffer: TINY_PDF });
    await documents.getByRole('button', { name: 'View Institute Consent Form' }).waitFor();
    await documents.getByText('File 6Mb size exceeds limits of 5Mb').waitFor({ state: 'detached' });
    assert.equal(await count(), before, 'nothing is saved while choosing files');

    // 'Add another document': the label first; spaces are blocked, and it stops at 30 characters.
    await documents.getByRole('button', { name: 'Add another document' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add another document' });
    await dialog.getByText('Please enter a short label describing your document.').waitFor();
    const upload = dialog.getByRole('button', { name: 'Upload' });
    assert.equal(await upload.isDisabled(), true, 'Upload waits for a label');
    const label = dialog.getByLabel('Document label');
    await label.pressSequentially('My reference letter');
    assert.equal(await label.inputValue(), 'Myreferenceletter', 'spaces are blocked');
    await label.fill('');
    await label.pressSequentially('AVeryLongLabelThatGoesOnAndOnForever');
    assert.equal(await label.inputValue(), 'AVeryLongLabelThatGoesOnAndOnF', 'at most 30 characters');
    await dialog.getByText('30/30').waitFor();
    await label.fill(LABEL);
    await dialog.getByText('20/30').waitFor();
    await t.axe('documents-label');
    await t.shot('documents-label');
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), upload.click()]);
    await chooser.setFiles({ name: 'reference.pdf', mimeType: 'application/pdf', buffer: TINY_PDF });
    await dialog.waitFor({ state: 'detached' });
    await documents.getByRole('button', { name: `View ${LABEL}` }).waitFor();
    await t.shot('documents-added');

    // Submitted (Globex pays on account): only the accepted files reach the record.
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('region', { name: 'Your Order' }).waitFor();
    await page.getByRole('switch', { name: 'Terms & Consent' }).check();
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await toast(page, 'has been saved to your invoices history.');
    await page.waitForURL((url) => /^\/verification\/history\/[^/]+$/.test(url.pathname), { waitUntil: 'commit' });
    const id = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
    await dismissToasts(page);
    assert.equal(await count(), before + 1);
    const record = await apiGet<Record>(baseUrl, 'carol@globex.test', `/v1/verification/${encodeURIComponent(id)}`);
    const docs = record.documents.map((d) => [d.requirementId, d.name]).sort();
    assert.deepEqual(docs, [
      ['consent-institute', 'Institute Consent Form'],
      [null, LABEL],
    ].sort(), `the accepted files only: ${JSON.stringify(record.documents)}`);
    assert.ok(!record.documents.some((d) => d.filename === 'consent-scan.pdf'), 'the refused file was never stored');
  },
};

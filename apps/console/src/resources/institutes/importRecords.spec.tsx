import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '@/test/fetchMock';
import { renderConsole } from '@/test/render';
import { readImportErrors } from '@/resources/institutes/importReport';

const uniDemo = { id: 'uni-demo', name: 'University of Demo', fields: [{ key: 'qualification' }, { key: 'gradYear' }] };

/**
 * An XMLHttpRequest that reports upload progress in two steps, then answers what the test says: 600 ms later, or,
 * with `held`, only once the test calls `sent.answer()` (so a test can look at the progress bar first however slow
 * the machine is: under CI's load the 600 ms had passed before the bar was looked for).
 */
function fakeXhr(status: number, body: unknown, { held = false } = {}) {
  const sent: { url?: string; headers: Record<string, string>; body?: unknown; answer: () => void } = {
    headers: {},
    answer: () => undefined,
  };
  class FakeXhr {
    upload: { onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    status = 0;
    responseText = '';
    open(_method: string, url: string) {
      sent.url = url;
    }
    setRequestHeader(name: string, value: string) {
      sent.headers[name] = value;
    }
    send(file: unknown) {
      sent.body = file;
      setTimeout(() => this.upload.onprogress?.({ loaded: 50, total: 100, lengthComputable: true }), 5);
      setTimeout(() => this.upload.onprogress?.({ loaded: 100, total: 100, lengthComputable: true }), 10);
      const answer = () => {
        this.status = status;
        this.responseText = JSON.stringify(body);
        this.onload?.();
      };
      if (held) sent.answer = answer;
      else setTimeout(answer, 600);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

afterEach(() => vi.unstubAllGlobals());

describe('records import', () => {
  it('reads the per-line report of a refused import', () => {
    expect(
      readImportErrors({
        errors: [
          { message: 'Nothing was imported: 2 lines have errors.' },
          { message: 'Line 3: dob is not a date (DD/MM/YYYY or YYYY-MM-DD).' },
          { message: 'Line 7: gradYear must be a year.' },
        ],
      }),
    ).toEqual({
      summary: 'Nothing was imported: 2 lines have errors.',
      rows: [
        { line: 3, message: 'dob is not a date (DD/MM/YYYY or YYYY-MM-DD).' },
        { line: 7, message: 'gradYear must be a year.' },
      ],
    });
  });

  it('uploads the chosen file as text/csv and shows a table of the bad lines when refused', async () => {
    const sent = fakeXhr(
      422,
      { errors: [{ message: 'Nothing was imported: 1 line has errors.' }, { message: 'Line 2: lastName is required.' }] },
      { held: true },
    );
    renderConsole('/institutes/uni-demo/import', { 'GET /admin/institutes/uni-demo': json(uniDemo) });
    expect(await screen.findByText('Import records for University of Demo')).toBeInTheDocument();
    expect(screen.getByText('gradYear')).toBeInTheDocument();

    const file = new File(['firstName,lastName,dob\nAda,,1990-01-01\n'], 'records.csv', { type: 'text/csv' });
    fireEvent.change(document.getElementById('records-file') as HTMLInputElement, { target: { files: [file] } });
    expect(screen.getByText(/records.csv/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Replace all records held' }));
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));

    expect(await screen.findByRole('progressbar', { name: 'Import progress' })).toBeInTheDocument();
    act(() => sent.answer());
    const table = await screen.findByRole('table', { name: 'Lines with errors' });
    expect(within(table).getByText('2')).toBeInTheDocument();
    expect(within(table).getByText('lastName is required.')).toBeInTheDocument();
    expect(screen.getByText('Nothing was imported')).toBeInTheDocument();
    expect(screen.getByText('1 line has errors.')).toBeInTheDocument();
    expect(sent.url).toBe('/admin/institutes/uni-demo/records/import?mode=replace');
    expect(sent.headers['Content-Type']).toBe('text/csv');
    expect(sent.headers['X-AUTH-TOKEN']).toBeTruthy();
    expect(sent.body).toBe(file);
  });

  it('says how many records were imported', async () => {
    fakeXhr(200, { importId: 'imp-1', instituteId: 'uni-demo', mode: 'append', imported: 1250, removed: 0 });
    renderConsole('/institutes/uni-demo/import', { 'GET /admin/institutes/uni-demo': json(uniDemo) });
    const file = new File(['firstName,lastName,dob\n'], 'ok.csv', { type: 'text/csv' });
    await screen.findByText('Import records for University of Demo');
    fireEvent.change(document.getElementById('records-file') as HTMLInputElement, { target: { files: [file] } });
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Imported 1,250 records')).toBeInTheDocument();
  });
});

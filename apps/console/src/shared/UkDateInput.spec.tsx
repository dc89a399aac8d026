import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { UkDatePicker } from '@/shared/UkDateInput';
import { page, query, renderConsole } from '@/test/render';

/** A parent holding the value as the Mark paid dialog does. */
function Harness({
  initial = '',
  max,
  onChange,
}: {
  initial?: string;
  max?: string;
  onChange?: (v: string, p: string | null) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <UkDatePicker
        label="Date received"
        value={value}
        max={max}
        onChange={(v, p) => {
          setValue(v);
          onChange?.(v, p);
        }}
      />
      <button type="button" onClick={() => setValue('')}>
        Clear all
      </button>
      <output aria-label="value">{value}</output>
    </>
  );
}

const field = () => screen.getByRole('group', { name: /Date received/ });
const shows = () =>
  within(field())
    .getAllByRole('spinbutton')
    .map((s) => s.textContent)
    .join('/');

describe('UkDatePicker', () => {
  it('is typed day first, DD/MM/YYYY, over the date it had, and passes YYYY-MM-DD on', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness initial="2026-11-29" onChange={onChange} />);
    expect(shows()).toBe('29/11/2026');
    await user.click(screen.getByRole('spinbutton', { name: 'Day' }));
    await user.keyboard('03042026');
    expect(shows()).toBe('03/04/2026');
    expect(screen.getByRole('status', { name: 'value' })).toHaveTextContent('2026-04-03');
    expect(onChange).toHaveBeenLastCalledWith('2026-04-03', null);
  });
});

describe('UkDatePicker refusals', () => {
  it('refuses a day after the latest one, saying which, and passes the reason on instead of the date', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness max="2026-11-28" onChange={onChange} />);
    await user.click(screen.getByRole('spinbutton', { name: 'Day' }));
    await user.keyboard('29112026');
    expect(screen.getByText('Pick a date on or before 28 Nov 2026.')).toBeInTheDocument();
    expect(onChange).toHaveBeenLastCalledWith('', 'Pick a date on or before 28 Nov 2026.');
    await user.click(screen.getByRole('spinbutton', { name: 'Day' }));
    await user.keyboard('28');
    expect(screen.queryByText('Pick a date on or before 28 Nov 2026.')).not.toBeInTheDocument();
    expect(onChange).toHaveBeenLastCalledWith('2026-11-28', null);
  });

  it("shows the parent's date, and empties when the parent clears it", async () => {
    const user = userEvent.setup();
    render(<Harness initial="2024-01-31" />);
    expect(shows()).toBe('31/01/2024');
    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(shows()).toBe('DD/MM/YYYY'));
  });
});

describe('UkDateFilter', () => {
  it('shows a list filter from the address as DD/MM/YYYY and sends a typed one as YYYY-MM-DD', async () => {
    const user = userEvent.setup();
    const { calls } = renderConsole(
      `/verifications?filter=${encodeURIComponent('{"fromDate":"2026-11-01"}')}`,
      {
        'GET /admin/verifications': page('verifications', []),
      },
    );
    const from = await screen.findByRole('group', { name: 'From' });
    expect(
      within(from)
        .getAllByRole('spinbutton')
        .map((s) => s.textContent)
        .join('/'),
    ).toBe('01/11/2026');
    expect(JSON.parse(query(calls[0]).filter ?? '{}')).toEqual({ fromDate: '2026-11-01' });
    await user.click(within(from).getByRole('spinbutton', { name: 'Day' }));
    await user.keyboard('05');
    await waitFor(() =>
      expect(calls.map((c) => JSON.parse(query(c).filter ?? '{}').fromDate)).toContain('2026-11-05'),
    );
  });
});

import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DateInput } from './DateInput';

interface HarnessProps {
  initial?: string;
  min?: string;
  max?: string;
  openOn?: string;
  onChange?: (v: string) => void;
  onProblem?: (p: string | null) => void;
}

/** A parent holding the value as a filter does, with its own Clear All. */
function Harness({ initial = '', min, max, openOn, onChange, onProblem }: HarnessProps) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateInput
        id="d"
        label="From"
        value={value}
        min={min}
        max={max}
        openOn={openOn}
        onProblem={onProblem}
        onChange={(v) => {
          setValue(v);
          onChange?.(v);
        }}
      />
      <button type="button" onClick={() => setValue('')}>
        Clear All
      </button>
      <output aria-label="value">{value}</output>
    </>
  );
}

const field = () => screen.getByRole('group', { name: 'From' });
const shows = () =>
  within(field())
    .getAllByRole('spinbutton')
    .map((s) => s.textContent)
    .join('/');

async function typeDate(user: ReturnType<typeof userEvent.setup>, digits: string) {
  await user.click(screen.getByRole('spinbutton', { name: 'Day' }));
  await user.keyboard(digits);
}

describe('DateInput', () => {
  it('is typed day first, DD/MM/YYYY, and passes the date on as YYYY-MM-DD', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await typeDate(user, '05022024');
    expect(shows()).toBe('05/02/2024');
    expect(screen.getByRole('status', { name: 'value' })).toHaveTextContent('2024-02-05');
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith('2024-02-05');
  });

  it('keeps a half-typed date to itself, and says the format once the user leaves it', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const onProblem = vi.fn();
    render(<Harness onChange={onChange} onProblem={onProblem} />);
    await typeDate(user, '0502');
    expect(shows()).toBe('05/02/YYYY');
    expect(onChange).not.toHaveBeenCalled();
    // Not while typing...
    expect(screen.queryByText('Please ensure you use DD/MM/YYYY format.')).not.toBeInTheDocument();
    // ...but once the field is left.
    await user.tab();
    expect(await screen.findByText('Please ensure you use DD/MM/YYYY format.')).toBeInTheDocument();
    expect(onProblem).toHaveBeenLastCalledWith('Please ensure you use DD/MM/YYYY format.');
    expect(onChange).not.toHaveBeenCalled();
    // A whole date clears it.
    await user.click(screen.getByRole('spinbutton', { name: 'Year' }));
    await user.keyboard('2024');
    expect(onChange).toHaveBeenCalledWith('2024-02-05');
    expect(onProblem).toHaveBeenLastCalledWith(null);
    expect(screen.queryByText('Please ensure you use DD/MM/YYYY format.')).not.toBeInTheDocument();
  });

  it('refuses a day after the latest one, saying which, and passes nothing on', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const onProblem = vi.fn();
    render(<Harness max="2026-11-28" onChange={onChange} onProblem={onProblem} />);
    await typeDate(user, '29112026');
    expect(screen.getByText('Pick a date on or before 28 Nov 2026.')).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
    expect(onProblem).toHaveBeenLastCalledWith('Pick a date on or before 28 Nov 2026.');
    // The day before is fine: the reason goes, the date is passed on.
    await user.click(screen.getByRole('spinbutton', { name: 'Day' }));
    await user.keyboard('28');
    expect(screen.queryByText('Pick a date on or before 28 Nov 2026.')).not.toBeInTheDocument();
    expect(onChange).toHaveBeenCalledWith('2026-11-28');
    expect(onProblem).toHaveBeenLastCalledWith(null);
  });

  it('refuses a day before the earliest one', async () => {
    const user = userEvent.setup();
    render(<Harness min="2026-11-28" />);
    await typeDate(user, '27112026');
    expect(screen.getByText('Pick a date on or after 28 Nov 2026.')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'value' })).toHaveTextContent('');
  });

  it('opens its calendar on the month asked for, weeks from Monday, with the days after the latest greyed out', async () => {
    const user = userEvent.setup();
    render(<Harness openOn="2026-10-29" max="2026-11-28" />);
    await user.click(screen.getByRole('button', { name: /^Choose date/ }));
    const calendar = await screen.findByRole('grid');
    expect(screen.getByText('October 2026')).toBeInTheDocument();
    const heads = within(calendar)
      .getAllByRole('columnheader')
      .map((h) => h.getAttribute('aria-label') ?? h.textContent);
    expect(heads[0]).toBe('Monday');
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    await waitFor(() => expect(screen.getAllByRole('gridcell', { name: '28' })).toHaveLength(1));
    expect(screen.getByText('November 2026')).toBeInTheDocument();
    const grid = screen.getByRole('grid');
    expect(within(grid).getByRole('gridcell', { name: '28' })).not.toBeDisabled();
    expect(within(grid).getByRole('gridcell', { name: '29' })).toBeDisabled();
    await user.click(within(grid).getByRole('gridcell', { name: '28' }));
    // jsdom has no fine pointer: MUI opens the phone's calendar, a dialog the pick is confirmed in.
    const ok = screen.queryByRole('button', { name: 'OK' });
    if (ok) await user.click(ok);
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'value' })).toHaveTextContent('2026-11-28'),
    );
    expect(shows()).toBe('28/11/2026');
  });

  it('is typed over the date it had, passing on only whole dates, and never emptied on the way', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness initial="2024-01-31" onChange={onChange} />);
    await typeDate(user, '0502');
    expect(onChange.mock.calls).toEqual([['2024-01-05'], ['2024-02-05']]);
    // Half way through the year (0020 is before any date the picker allows): nothing passed on, nothing reset.
    await user.keyboard('20');
    expect(screen.getByRole('status', { name: 'value' })).toHaveTextContent('2024-02-05');
    expect(shows()).toBe('05/02/0020');
    await user.keyboard('25');
    expect(shows()).toBe('05/02/2025');
    expect(onChange).toHaveBeenLastCalledWith('2025-02-05');
  });

  it("shows the parent's date, and empties when the parent clears it", async () => {
    const user = userEvent.setup();
    render(<Harness initial="2024-01-31" />);
    expect(shows()).toBe('31/01/2024');
    await user.click(screen.getByRole('button', { name: 'Clear All' }));
    await waitFor(() => expect(shows()).toBe('DD/MM/YYYY'));
  });
});

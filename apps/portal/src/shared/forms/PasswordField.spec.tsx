import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { PasswordField } from '@/shared/forms/PasswordField';

function Harness() {
  const [value, setValue] = useState('');
  return (
    <PasswordField id="p" label="Password" hint value={value} onChange={(e) => setValue(e.target.value)} />
  );
}

const met = () =>
  within(screen.getByText('Your password needs').parentElement as HTMLElement)
    .getAllByRole('listitem')
    .filter((li) => within(li).queryByTitle('met'))
    .map((li) => li.querySelector('.MuiListItemText-primary')?.textContent);

describe('live password hint (spec 5.3)', () => {
  it('lists the hint word for word', () => {
    render(<Harness />);
    for (const line of [
      '6 or more characters',
      'at least 1 lowercase letter',
      '1 uppercase letter',
      '1 digit',
      '1 special character from !@#$%^&*-$£',
      'no other special characters or spaces',
    ]) {
      expect(screen.getByText(line)).toBeInTheDocument();
    }
    expect(met()).toEqual([]);
  });

  it('ticks each rule as it is met while typing, and unticks a space', async () => {
    render(<Harness />);
    const user = userEvent.setup();
    const input = screen.getByLabelText('Password');
    await user.type(input, 'abc');
    expect(met()).toEqual(['at least 1 lowercase letter', 'no other special characters or spaces']);
    await user.type(input, 'D1£x');
    expect(met()).toEqual([
      '6 or more characters',
      'at least 1 lowercase letter',
      '1 uppercase letter',
      '1 digit',
      '1 special character from !@#$%^&*-$£',
      'no other special characters or spaces',
    ]);
    await user.type(input, ' ');
    expect(met()).not.toContain('no other special characters or spaces');
  });

  it('shows and hides the password from a labelled button', async () => {
    render(<Harness />);
    const user = userEvent.setup();
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('describes the field by its error and its hint together', () => {
    render(<PasswordField id="p" label="Password" hint value="" error helperText="Invalid password" />);
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAccessibleDescription(expect.stringContaining('Invalid password'));
    expect(input).toHaveAccessibleDescription(expect.stringContaining('Your password needs'));
  });
});

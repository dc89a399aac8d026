import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { isValidEmail } from '@credence/domain';
import { FormPasswordField } from '@/shared/forms/FormPasswordField';
import { FormSubmitBar } from '@/shared/forms/FormSubmitBar';
import { FormTextField } from '@/shared/forms/FormTextField';
import { useRulesForm } from '@/shared/forms/useRulesForm';
import { required } from '@/shared/forms/validators';

interface Values {
  name: string;
  email: string;
  password: string;
}

function Harness({ onValid = () => undefined }: { onValid?: (v: Values) => void }) {
  const { control, handleSubmit } = useRulesForm<Values>({
    defaultValues: { name: '', email: '', password: '' },
    validate: (v) => ({
      name: required('Name', v.name),
      email:
        required('Email', v.email) ??
        (isValidEmail(v.email) ? undefined : 'Please enter a valid email address'),
      password: required('Password', v.password),
    }),
  });
  return (
    <form noValidate onSubmit={(e) => void handleSubmit(onValid)(e)}>
      <FormTextField control={control} name="name" label="Name" required helperText="As on your passport" />
      <FormTextField
        control={control}
        name="email"
        label="Email"
        required
        transform={(raw) => raw.toLowerCase()}
      />
      <FormPasswordField control={control} name="password" label="Password" required />
      <FormSubmitBar control={control} label="Save" />
    </form>
  );
}

describe('FormTextField and FormPasswordField', () => {
  it('say nothing while the user walks past a field, and show its error once it was changed and left', async () => {
    render(<Harness />);
    const user = userEvent.setup();
    await user.click(screen.getByLabelText(/^Name/));
    await user.tab();
    expect(screen.queryByText('Name is required')).not.toBeInTheDocument();
    expect(screen.getByText('As on your passport')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^Email/), 'Ann@');
    // Still typing: the error waits for the user to leave.
    expect(screen.queryByText('Please enter a valid email address')).not.toBeInTheDocument();
    await user.tab();
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('aria-invalid', 'true');
    // Once shown, it follows every change.
    await user.type(screen.getByLabelText(/^Email/), 'Mail.Test');
    await waitFor(() =>
      expect(screen.queryByText('Please enter a valid email address')).not.toBeInTheDocument(),
    );
    expect(screen.getByLabelText(/^Email/)).toHaveValue('ann@mail.test');
  });

  it('shows every error after a submit attempt and moves the focus to the first invalid field', async () => {
    const onValid = vi.fn();
    render(<Harness onValid={onValid} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Name/), 'Ann');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveFocus();
    expect(onValid).not.toHaveBeenCalled();
  });

  it('hands the values over when the rules pass', async () => {
    const onValid = vi.fn();
    render(<Harness onValid={onValid} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Name/), 'Ann');
    await user.type(screen.getByLabelText(/^Email/), 'ann@mail.test');
    await user.type(screen.getByLabelText(/^Password/), 'secret');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onValid).toHaveBeenCalled());
    expect(onValid.mock.calls[0][0]).toEqual({ name: 'Ann', email: 'ann@mail.test', password: 'secret' });
  });
});

import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef } from 'react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/shared/api/client';
import { FormSubmitBar } from '@/shared/forms/FormSubmitBar';
import { FormTextField } from '@/shared/forms/FormTextField';
import { applyServerError, fieldsByMessage, UNKNOWN_ERROR } from '@/shared/forms/serverErrors';
import { useRulesForm } from '@/shared/forms/useRulesForm';
import { required } from '@/shared/forms/validators';

interface Values {
  name: string;
  city: string;
}

const serverFields = fieldsByMessage<Values>({ 'City is not served.': 'city' });

/** A form whose first submit fails the way `failure` says (or succeeds when it is undefined); later ones succeed. */
function Harness({ failure }: { failure?: unknown }) {
  const sent = useRef(0);
  const { control, handleSubmit, setError } = useRulesForm<Values>({
    defaultValues: { name: '', city: '' },
    validate: (v) => ({ name: required('Name', v.name), city: required('City', v.city) }),
  });
  const send = async () => {
    await Promise.resolve();
    sent.current += 1;
    if (failure !== undefined && sent.current === 1) applyServerError(setError, failure, serverFields);
  };
  return (
    <form noValidate onSubmit={(e) => void handleSubmit(send)(e)}>
      <FormTextField control={control} name="name" label="Name" required />
      <FormTextField control={control} name="city" label="City" required />
      <FormSubmitBar control={control} label="Save">
        <button type="button">Cancel</button>
      </FormSubmitBar>
    </form>
  );
}

const RESOLVE = 'Please resolve the errors above.';

describe('FormSubmitBar (access 5.7)', () => {
  it('opens enabled and quiet, even with every required field empty', () => {
    render(<Harness />);
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(screen.queryByText(RESOLVE)).not.toBeInTheDocument();
  });

  it("disables the submit with 'Please resolve the errors above.' while errors show, and not the other actions", async () => {
    render(<Harness />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(RESOLVE);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();

    await user.type(screen.getByLabelText(/^Name/), 'Ann');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.type(screen.getByLabelText(/^City/), 'Leeds');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    expect(screen.queryByText(RESOLVE)).not.toBeInTheDocument();
  });

  it('counts only the errors shown: one field changed and left blocks, fields walked past do not', async () => {
    render(<Harness />);
    const user = userEvent.setup();
    await user.click(screen.getByLabelText(/^Name/));
    await user.tab();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    await user.type(screen.getByLabelText(/^City/), 'x');
    await user.clear(screen.getByLabelText(/^City/));
    await user.tab();
    expect(await screen.findByText('City is required')).toBeInTheDocument();
    expect(screen.queryByText('Name is required')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(screen.getByText(RESOLVE)).toBeInTheDocument();
  });
});

describe('server errors on the form', () => {
  async function submitValid() {
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Name/), 'Ann');
    await user.type(screen.getByLabelText(/^City/), 'Leeds');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    return user;
  }

  it('shows a message about the whole form under it, until the next submit', async () => {
    render(<Harness failure={new ApiError(409, ['This record was changed by someone else.'])} />);
    const user = await submitValid();
    expect(await screen.findByText('This record was changed by someone else.')).toBeInTheDocument();
    // Not a field's error: the user may send again.
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(screen.queryByText(RESOLVE)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.queryByText('This record was changed by someone else.')).not.toBeInTheDocument(),
    );
  });

  it('puts a message that names a field on that field, blocking until the field changes', async () => {
    render(<Harness failure={new ApiError(400, ['City is not served.'])} />);
    const user = await submitValid();
    expect(await screen.findByText('City is not served.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^City/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.type(screen.getByLabelText(/^City/), 'x');
    await waitFor(() => expect(screen.queryByText('City is not served.')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('says the generic message when the failure is not an answer from the API', async () => {
    render(<Harness failure={new TypeError('x is undefined')} />);
    await submitValid();
    expect(await screen.findByText(UNKNOWN_ERROR)).toBeInTheDocument();
  });

  it('shows nothing when the session ended: the user is on the way to the login page', async () => {
    render(<Harness failure={new ApiError(401, ['Session expired.'], ['QC-CANTREFRESH'], true)} />);
    await submitValid();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    expect(screen.queryByText('Session expired.')).not.toBeInTheDocument();
  });
});

import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FormAutocomplete } from '@/shared/forms/FormAutocomplete';
import { FormCheckbox } from '@/shared/forms/FormCheckbox';
import { FormRadioGroup } from '@/shared/forms/FormRadioGroup';
import { FormSelect } from '@/shared/forms/FormSelect';
import { FormSubmitBar } from '@/shared/forms/FormSubmitBar';
import { useRulesForm } from '@/shared/forms/useRulesForm';
import { required } from '@/shared/forms/validators';

interface Fruit {
  id: number;
  name: string;
}
const FRUITS: Fruit[] = [
  { id: 1, name: 'Apple' },
  { id: 2, name: 'Banana' },
  { id: 3, name: 'Cherry' },
];

interface Values {
  volume: string;
  title: string;
  fruit: Fruit | null;
  agree: boolean;
}

function Harness({ onValid = () => undefined }: { onValid?: (v: Values) => void }) {
  const { control, handleSubmit } = useRulesForm<Values>({
    defaultValues: { volume: '', title: '', fruit: null, agree: false },
    validate: (v) => ({
      volume: required('Volume', v.volume) ?? (v.volume === 'none' ? 'Pick a real volume' : undefined),
      title: required('Title', v.title),
      fruit: required('Fruit', v.fruit),
      agree: v.agree ? undefined : 'Please confirm this to continue',
    }),
  });
  return (
    <form noValidate onSubmit={(e) => void handleSubmit(onValid)(e)}>
      <FormRadioGroup
        control={control}
        name="volume"
        label="Volume"
        required
        options={[
          { value: 'none', label: 'None' },
          { value: 'some', label: 'Some' },
        ]}
      />
      <FormSelect
        control={control}
        name="title"
        id="title"
        label="Title"
        required
        options={[
          { value: 'Dr', label: 'Dr' },
          { value: 'Ms', label: 'Ms' },
        ]}
      />
      <FormAutocomplete<Values, 'fruit', Fruit>
        control={control}
        name="fruit"
        id="fruit"
        label="Fruit"
        required
        options={FRUITS}
        optionLabel={(f) => f.name}
        optionKey={(f) => f.id}
        optionDisabled={(f) => f.id === 3}
      />
      <FormCheckbox control={control} name="agree" label="I agree" required />
      <FormSubmitBar control={control} label="Save" />
    </form>
  );
}

describe('FormRadioGroup', () => {
  it('is a labelled group whose choice shows its error at once', async () => {
    render(<Harness />);
    const user = userEvent.setup();
    const group = screen.getByRole('radiogroup', { name: /^Volume/ });
    await user.click(within(group).getByRole('radio', { name: 'None' }));
    expect(await screen.findByText('Pick a real volume')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.click(within(group).getByRole('radio', { name: 'Some' }));
    await waitFor(() => expect(screen.queryByText('Pick a real volume')).not.toBeInTheDocument());
  });

  it('takes the focus to its first radio when it is the first invalid field on submit', async () => {
    render(<Harness />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Volume is required')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'None' })).toHaveFocus();
  });
});

describe('FormSelect', () => {
  it('offers its options and stores the chosen value', async () => {
    render(<Harness />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: /^Title/ }));
    await user.click(await screen.findByRole('option', { name: 'Ms' }));
    await waitFor(() => expect(screen.queryByText('Title is required')).not.toBeInTheDocument());
    expect(screen.getByRole('combobox', { name: /^Title/ })).toHaveTextContent('Ms');
  });
});

describe('FormAutocomplete', () => {
  it('filters the options as the user types, keeps disabled ones unchoosable, and stores the option', async () => {
    const onValid = vi.fn();
    render(<Harness onValid={onValid} />);
    const user = userEvent.setup();
    await user.type(screen.getByRole('combobox', { name: /^Fruit/ }), 'an');
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Banana']);
    await user.clear(screen.getByRole('combobox', { name: /^Fruit/ }));
    await user.type(screen.getByRole('combobox', { name: /^Fruit/ }), 'er');
    expect(await screen.findByRole('option', { name: 'Cherry' })).toHaveAttribute('aria-disabled', 'true');
    await user.clear(screen.getByRole('combobox', { name: /^Fruit/ }));
    await user.type(screen.getByRole('combobox', { name: /^Fruit/ }), 'Ban');
    await user.click(await screen.findByRole('option', { name: 'Banana' }));

    await user.click(screen.getByRole('radio', { name: 'Some' }));
    await user.click(screen.getByRole('combobox', { name: /^Title/ }));
    await user.click(await screen.findByRole('option', { name: 'Dr' }));
    await user.click(screen.getByRole('checkbox', { name: /I agree/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onValid).toHaveBeenCalled());
    expect(onValid.mock.calls[0][0]).toEqual({ volume: 'some', title: 'Dr', fruit: FRUITS[1], agree: true });
  });
});

describe('FormCheckbox', () => {
  it('marks a required box with a red asterisk for the eye and aria-required for screen readers', async () => {
    render(<Harness />);
    const box = screen.getByRole('checkbox', { name: /I agree/ });
    expect(box).toHaveAttribute('aria-required', 'true');
    const label = box.closest('label') as HTMLElement;
    expect(within(label).getByText('*')).toHaveAttribute('aria-hidden', 'true');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please confirm this to continue')).toBeInTheDocument();
    await user.click(box);
    await waitFor(() =>
      expect(screen.queryByText('Please confirm this to continue')).not.toBeInTheDocument(),
    );
  });
});

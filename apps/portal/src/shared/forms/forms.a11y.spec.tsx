import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { FormAutocomplete } from '@/shared/forms/FormAutocomplete';
import { FormCheckbox } from '@/shared/forms/FormCheckbox';
import { FormPasswordField } from '@/shared/forms/FormPasswordField';
import { FormRadioGroup } from '@/shared/forms/FormRadioGroup';
import { FormRemoteAutocomplete } from '@/shared/forms/FormRemoteAutocomplete';
import { FormSelect } from '@/shared/forms/FormSelect';
import { FormSubmitBar } from '@/shared/forms/FormSubmitBar';
import { FormTextField } from '@/shared/forms/FormTextField';
import { useRulesForm } from '@/shared/forms/useRulesForm';
import { required } from '@/shared/forms/validators';
import { createQueryClient } from '@/shared/query/queryClient';

interface Option {
  id: number;
  name: string;
}
const OPTIONS: Option[] = [
  { id: 1, name: 'One' },
  { id: 2, name: 'Two' },
];

interface Values {
  name: string;
  password: string;
  title: string;
  volume: string;
  local: Option | null;
  remote: Option | null;
  agree: boolean;
}

/** One of every block, as a screen would use them. */
function EveryBlock() {
  const { control, handleSubmit } = useRulesForm<Values>({
    defaultValues: { name: '', password: '', title: '', volume: '', local: null, remote: null, agree: false },
    validate: (v) => ({
      name: required('Name', v.name),
      password: required('Password', v.password),
      title: required('Title', v.title),
      volume: required('Volume', v.volume),
      local: required('Local', v.local),
      remote: required('Remote', v.remote),
      agree: v.agree ? undefined : 'Please confirm this to continue',
    }),
  });
  return (
    <main>
      <form noValidate aria-label="Every block" onSubmit={(e) => void handleSubmit(() => undefined)(e)}>
        <FormTextField control={control} name="name" id="name" label="Name" required />
        <FormPasswordField control={control} name="password" id="password" label="Password" required hint />
        <FormSelect
          control={control}
          name="title"
          id="title"
          label="Title"
          required
          options={[{ value: 'Dr', label: 'Dr' }]}
        />
        <FormRadioGroup
          control={control}
          name="volume"
          label="Volume"
          required
          row
          options={[
            { value: '0-199', label: '0-199' },
            { value: '200+', label: '200+' },
          ]}
        />
        <FormAutocomplete<Values, 'local', Option>
          control={control}
          name="local"
          id="local"
          label="Local"
          required
          options={OPTIONS}
          optionLabel={(o) => o.name}
          optionKey={(o) => o.id}
        />
        <FormRemoteAutocomplete<Values, 'remote', Option>
          control={control}
          name="remote"
          id="remote"
          label="Remote"
          required
          search={async () => OPTIONS}
          queryKey={(text) => ['test', 'remote', text]}
          optionLabel={(o) => o.name}
          optionKey={(o) => o.id}
        />
        <FormCheckbox control={control} name="agree" label="I agree" required />
        <FormSubmitBar control={control} label="Save" />
      </form>
    </main>
  );
}

async function seriousViolations(container: HTMLElement) {
  const results = await axe.run(container, {
    // jsdom does not lay out or paint, so colour contrast cannot be measured here.
    rules: { 'color-contrast': { enabled: false } },
  });
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

describe('form blocks accessibility', () => {
  it('has no serious or critical axe violations, fresh and showing every error', async () => {
    const { container } = render(
      <QueryClientProvider client={createQueryClient()}>
        <EveryBlock />
      </QueryClientProvider>,
    );
    expect(await seriousViolations(container)).toEqual([]);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Please resolve the errors above.');
    expect(await seriousViolations(container)).toEqual([]);
  });
});

import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FormRemoteAutocomplete } from '@/shared/forms/FormRemoteAutocomplete';
import { FormSubmitBar } from '@/shared/forms/FormSubmitBar';
import { RemoteAutocomplete } from '@/shared/forms/RemoteAutocomplete';
import { useRulesForm } from '@/shared/forms/useRulesForm';
import { required } from '@/shared/forms/validators';
import { createQueryClient } from '@/shared/query/queryClient';

interface Country {
  id: string;
  name: string;
}
const COUNTRIES: Country[] = [
  { id: 'DE', name: 'Germany' },
  { id: 'GB', name: 'United Kingdom' },
  { id: 'US', name: 'United States' },
];

function serverSearch() {
  return vi.fn(async (text: string, _signal: AbortSignal) =>
    COUNTRIES.filter((c) => c.name.toLowerCase().includes(text.trim().toLowerCase())),
  );
}

function withCache(children: ReactNode) {
  return <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>;
}

function Field({ search }: { search: (text: string, signal: AbortSignal) => Promise<Country[]> }) {
  const [value, setValue] = useState<Country | null>(null);
  return (
    <RemoteAutocomplete<Country>
      id="country"
      label="Country"
      value={value}
      onChange={setValue}
      search={search}
      queryKey={(name) => ['test', 'country', name]}
      optionLabel={(c) => c.name}
      optionKey={(c) => c.id}
    />
  );
}

const optionNames = async () => (await screen.findAllByRole('option')).map((o) => o.textContent);
/** The options once they settle on these (the previous ones stay on screen while a search loads). */
const expectOptions = (names: string[]) =>
  waitFor(() => expect(screen.queryAllByRole('option').map((o) => o.textContent)).toEqual(names));
const searchedTexts = (search: ReturnType<typeof serverSearch>) => search.mock.calls.map(([text]) => text);

afterEach(() => vi.restoreAllMocks());

describe('RemoteAutocomplete (spec 5.2, 5.5, 9)', () => {
  it('lists every option for a blank input, searched once when the field appears', async () => {
    const search = serverSearch();
    render(withCache(<Field search={search} />));
    await waitFor(() => expect(searchedTexts(search)).toEqual(['']));
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Country' }));
    expect(await optionNames()).toEqual(['Germany', 'United Kingdom', 'United States']);
    expect(searchedTexts(search)).toEqual(['']);
  });

  it('asks the server 200 ms after the last key, not for every key', async () => {
    const search = serverSearch();
    render(withCache(<Field search={search} />));
    const user = userEvent.setup();
    await user.type(screen.getByRole('combobox', { name: 'Country' }), 'united');
    await expectOptions(['United Kingdom', 'United States']);
    expect(searchedTexts(search).filter((t) => t !== '' && t !== 'united')).toEqual([]);
  });

  it('answers a search typed again from the cache', async () => {
    const search = serverSearch();
    render(withCache(<Field search={search} />));
    const user = userEvent.setup();
    const input = screen.getByRole('combobox', { name: 'Country' });
    await user.type(input, 'ger');
    await expectOptions(['Germany']);
    await user.clear(input);
    await expectOptions(['Germany', 'United Kingdom', 'United States']);
    await user.type(input, 'ger');
    await expectOptions(['Germany']);
    expect(searchedTexts(search).filter((t) => t === 'ger')).toHaveLength(1);
  });

  it('keeps the options on screen while the next search loads', async () => {
    let release: (() => void) | undefined;
    const search = vi.fn(async (text: string) => {
      if (text === 'zz') await new Promise<void>((resolve) => (release = resolve));
      return COUNTRIES.filter((c) => c.name.toLowerCase().includes(text));
    });
    render(withCache(<Field search={search} />));
    const user = userEvent.setup();
    const input = screen.getByRole('combobox', { name: 'Country' });
    await user.type(input, 'united');
    await expectOptions(['United Kingdom', 'United States']);
    await user.type(input, '{Backspace>6}zz');
    await waitFor(() => expect(release).toBeDefined());
    expect(await optionNames()).toEqual(['United Kingdom', 'United States']);
    release?.();
    expect(await screen.findByText('No country matches “zz”')).toBeInTheDocument();
  });

  it('says so under the field when a search matches nothing', async () => {
    const search = serverSearch();
    render(withCache(<Field search={search} />));
    const user = userEvent.setup();
    await user.type(screen.getByRole('combobox', { name: 'Country' }), 'Atlantis');
    expect(await screen.findByText('No country matches “Atlantis”')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('only logs a failed search (spec 8)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const search = vi.fn(async () => {
      throw new Error('offline');
    });
    render(withCache(<Field search={search} />));
    await waitFor(() => expect(warn).toHaveBeenCalledWith('Could not search Country'));
    expect(screen.getByRole('combobox', { name: 'Country' })).not.toHaveAttribute('aria-invalid', 'true');
  });
});

describe('FormRemoteAutocomplete', () => {
  interface Values {
    country: Country | null;
  }
  function Harness({ onValid }: { onValid: (v: Values) => void }) {
    const { control, handleSubmit } = useRulesForm<Values>({
      defaultValues: { country: null },
      validate: (v) => ({ country: required('Country', v.country) }),
    });
    return (
      <form noValidate onSubmit={(e) => void handleSubmit(onValid)(e)}>
        <FormRemoteAutocomplete<Values, 'country', Country>
          control={control}
          name="country"
          id="country"
          label="Country"
          required
          search={serverSearch()}
          queryKey={(name) => ['test', 'country', name]}
          optionLabel={(c) => c.name}
          optionKey={(c) => c.id}
        />
        <FormSubmitBar control={control} label="Save" />
      </form>
    );
  }

  it('stores the chosen option, and a choice typed away is an error at once', async () => {
    const onValid = vi.fn();
    render(withCache(<Harness onValid={onValid} />));
    const user = userEvent.setup();
    const input = screen.getByRole('combobox', { name: /^Country/ });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Country is required')).toBeInTheDocument();
    expect(input).toHaveFocus();

    await user.click(input);
    await user.click(await screen.findByRole('option', { name: 'Germany' }));
    await waitFor(() => expect(screen.queryByText('Country is required')).not.toBeInTheDocument());
    await user.type(input, 'x');
    expect(await screen.findByText('Country is required')).toBeInTheDocument();

    await user.clear(input);
    await user.type(input, 'king');
    await user.click(await screen.findByRole('option', { name: 'United Kingdom' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onValid).toHaveBeenCalled());
    expect(onValid.mock.calls[0][0]).toEqual({ country: { id: 'GB', name: 'United Kingdom' } });
  });
});

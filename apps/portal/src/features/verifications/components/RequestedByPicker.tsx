import { Autocomplete, TextField } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { searchRequesters, type RequestedByUser } from '@/features/verifications/api/verifications';
import { SEARCH_DEBOUNCE_MS } from '@/shared/config';
import { queryKeys } from '@/shared/query/queryKeys';

/** 2.10: 'first last (username)'. */
export const requesterLabel = (u: RequestedByUser) => `${u.firstname} ${u.lastname} (${u.username})`.trim();

/**
 * 'Requested By' (2.10): the team searched on the server as the user types (200 ms after the last key, spec 9),
 * pending users left out. The chosen username is the filter; 'All' when none.
 */
export function RequestedByPicker({
  value,
  onChange,
}: {
  value: string;
  onChange: (username: string) => void;
}) {
  const [input, setInput] = useState('');
  const [typed, setTyped] = useState('');
  const [term, setTerm] = useState('');
  // The chosen user, so its label stays while later searches list others.
  const [chosen, setChosen] = useState<RequestedByUser | null>(null);
  useEffect(() => {
    const t = setTimeout(() => setTerm(typed), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [typed]);

  const params = { query: term, includePending: false, orderBy: 'firstname' };
  const { data = [], isFetching } = useQuery({
    queryKey: queryKeys.account.users(params),
    queryFn: ({ signal }) => searchRequesters(term, { signal }),
    placeholderData: keepPreviousData,
  });
  const selected: RequestedByUser | null = value
    ? ((chosen?.username === value ? chosen : data.find((u) => u.username === value)) ?? {
        username: value,
        firstname: '',
        lastname: '',
      })
    : null;

  return (
    <Autocomplete
      id="history-requested-by"
      options={data}
      value={selected}
      loading={isFetching}
      filterOptions={(options) => options}
      isOptionEqualToValue={(a, b) => a.username === b.username}
      getOptionLabel={(u) => (u.firstname || u.lastname ? requesterLabel(u) : u.username)}
      onChange={(_e, u) => {
        setChosen(u);
        setTyped('');
        onChange(u?.username ?? '');
      }}
      inputValue={input}
      onInputChange={(_e, text, reason) => {
        setInput(text);
        if (reason === 'input') setTyped(text);
        if (reason === 'clear') setTyped('');
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Requested By"
          placeholder="All"
          helperText="Type to search and select an option below"
          slotProps={{ inputLabel: { shrink: true } }}
        />
      )}
    />
  );
}

import { AutocompleteInput, ReferenceInput, type RaRecord } from 'react-admin';

/**
 * Pickers for the catalogue's institutes, regions and countries, so staff choose by name instead of typing an id.
 * The typed text goes to the API's `q` filter (apps/api catalogue/admin: institutes search their id and every name,
 * countries their name and code, regions their name). Clearing a picker saves null, as the text fields did (the
 * inputs' default parse turns the empty value into null).
 */
interface PickerProps {
  source: string;
  label: string;
  helperText: string;
}

const searchByQ = (q: string) => ({ q });
const BY_NAME = { field: 'name', order: 'ASC' } as const;

/** "University of Demo (GB)": the name, and the country when it has one. */
export const instituteOptionText = (r: RaRecord | null | undefined) =>
  r ? (r.countryId ? `${r.name} (${r.countryId})` : String(r.name ?? r.id)) : '';

export function InstitutePicker({ source, label, helperText }: PickerProps) {
  return (
    <ReferenceInput source={source} reference="institutes" sort={BY_NAME}>
      <AutocompleteInput
        label={label}
        helperText={helperText}
        optionText={instituteOptionText}
        filterToQuery={searchByQ}
      />
    </ReferenceInput>
  );
}

export function RegionPicker({ source, label, helperText }: PickerProps) {
  return (
    <ReferenceInput source={source} reference="regions" sort={BY_NAME}>
      <AutocompleteInput label={label} helperText={helperText} optionText="name" filterToQuery={searchByQ} />
    </ReferenceInput>
  );
}

export function CountryPicker({ source, label, helperText }: PickerProps) {
  return (
    <ReferenceInput source={source} reference="countries" sort={BY_NAME}>
      <AutocompleteInput label={label} helperText={helperText} optionText="name" filterToQuery={searchByQ} />
    </ReferenceInput>
  );
}

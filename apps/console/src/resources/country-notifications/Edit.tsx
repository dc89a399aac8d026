import {
  AutocompleteInput,
  BooleanInput,
  Create,
  Edit,
  ReferenceInput,
  SimpleForm,
  TextInput,
  maxLength,
  regex,
  required,
} from 'react-admin';

/** A notice about one country (a strike, office closures) with an optional link; Country Insights shows it while active. */
function CountryNotificationForm() {
  return (
    <SimpleForm sx={{ maxWidth: 720 }}>
      <ReferenceInput source="countryCode" reference="countries">
        <AutocompleteInput
          label="Country"
          optionText="name"
          filterToQuery={(q: string) => ({ q })}
          validate={required()}
          fullWidth
        />
      </ReferenceInput>
      <TextInput source="message" label="Message" validate={required()} multiline minRows={3} fullWidth />
      <TextInput
        source="link"
        label="Link"
        fullWidth
        helperText="Optional"
        validate={regex(/^https?:\/\//, 'Starts with http:// or https://')}
      />
      <TextInput
        source="linkName"
        label="Link text"
        fullWidth
        helperText="Optional: what the link reads as, e.g. 'Read the announcement'. Without it the address is shown."
        validate={maxLength(120)}
      />
      <BooleanInput source="active" label="Active" defaultValue={true} />
    </SimpleForm>
  );
}

/** Only the fields a staff member edits. */
const transform = ({ createdAt: _c, createdBy: _b, ...data }: Record<string, unknown>) => data;

export const CountryNotificationEdit = () => (
  <Edit mutationMode="pessimistic" redirect="list" transform={transform} title="Edit country notification">
    <CountryNotificationForm />
  </Edit>
);

export const CountryNotificationCreate = () => (
  <Create redirect="list" title="New country notification">
    <CountryNotificationForm />
  </Create>
);

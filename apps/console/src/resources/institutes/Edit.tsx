import {
  ArrayInput,
  BooleanInput,
  Create,
  Edit,
  NumberInput,
  SelectInput,
  SimpleFormIterator,
  TabbedForm,
  TextArrayInput,
  TextInput,
  required,
  minValue,
} from 'react-admin';
import { FIELD_TYPES, INSTITUTE_TYPES, NOTICE_TYPES, REF_DATA_MODES } from '@/resources/institutes/choices';
import { RecordTitle } from '@/shared/RecordTitle';
import { CountryPicker, InstitutePicker } from '@/shared/pickers';

/** The catalogue's institute form: names and prices, the dynamic fields, document requirements and notices. */
function InstituteForm({ creating = false }: { creating?: boolean }) {
  return (
    <TabbedForm>
      <TabbedForm.Tab label="Summary">
        {creating ? <TextInput source="id" label="Id" helperText="Optional: made from the country when left empty" /> : null}
        <TextInput source="name" label="Name" validate={required()} fullWidth />
        <TextArrayInput source="otherNames" label="Other names" helperText="Local-language and former names, abbreviations" fullWidth />
        <CountryPicker source="countryId" label="Country" helperText="Optional: the country it is in. Type part of its name or its code" />
        <InstitutePicker source="parentId" label="Parent institute" helperText="Optional: the institute it belongs to, never itself. Type part of its name" />
        <SelectInput source="type" label="Type" choices={INSTITUTE_TYPES} defaultValue="UNI" />
        <NumberInput source="minYear" label="Earliest year" />
        <NumberInput source="price" label="Price (£)" validate={[required(), minValue(0)]} />
        <NumberInput source="surcharge" label="Institute surcharge (£)" validate={minValue(0)} defaultValue={0} />
        <NumberInput source="accreditationPrice" label="Accreditation price (£)" helperText="Empty when the institute does not offer accreditation checks" />
        <NumberInput source="maxAdditionalDocs" label="Additional documents allowed" defaultValue={0} />
        <BooleanInput source="allowsPending" label="Manual checking (allows pending)" />
        <BooleanInput source="readOnly" label="Read-only" />
        <BooleanInput source="allowsCurrentStudent" label="Allows current students" />
        <BooleanInput source="searchable" label="Listed in the institute search" defaultValue />
      </TabbedForm.Tab>
      <TabbedForm.Tab label="Fields">
        <ArrayInput source="fields" label="Fields asked on a request">
          <SimpleFormIterator inline>
            <TextInput source="key" label="Key" validate={required()} helperText={false} />
            <TextInput source="name" label="Label" validate={required()} helperText={false} />
            <SelectInput source="type" label="Type" choices={FIELD_TYPES} defaultValue="TEXT" helperText={false} />
            <BooleanInput source="required" label="Required" defaultValue={false} helperText={false} />
            <SelectInput source="refData" label="Options" choices={REF_DATA_MODES} emptyText="None" helperText={false} />
            <TextArrayInput source="values" label="Option values" helperText={false} />
            <TextInput source="description" label="Description" helperText={false} />
          </SimpleFormIterator>
        </ArrayInput>
      </TabbedForm.Tab>
      <TabbedForm.Tab label="Documents">
        <ArrayInput source="documentRequirements" label="Document requirements">
          <SimpleFormIterator inline>
            <TextInput source="id" label="Id" validate={required()} helperText={false} />
            <TextInput source="name" label="Name" validate={required()} helperText={false} />
            <TextInput source="type" label="Type" validate={required()} helperText="e.g. CONSENT_INSTITUTE, TRANSCRIPT" />
            <BooleanInput source="required" label="Required" defaultValue={false} helperText={false} />
            <TextInput source="description" label="Description" helperText={false} />
            <TextInput source="template" label="Template URL" helperText={false} />
          </SimpleFormIterator>
        </ArrayInput>
      </TabbedForm.Tab>
      <TabbedForm.Tab label="Notices">
        <ArrayInput source="notices" label="Notices shown with the institute">
          <SimpleFormIterator inline>
            <SelectInput source="type" label="Type" choices={NOTICE_TYPES} defaultValue="INFO" helperText={false} />
            <TextInput source="message" label="Message" validate={required()} multiline sx={{ minWidth: 360 }} helperText={false} />
          </SimpleFormIterator>
        </ArrayInput>
      </TabbedForm.Tab>
    </TabbedForm>
  );
}

export function InstituteEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="show" title={<RecordTitle prefix="Edit: " />}>
      <InstituteForm />
    </Edit>
  );
}

export function InstituteCreate() {
  return (
    <Create redirect="show" title="New institute">
      <InstituteForm creating />
    </Create>
  );
}

import {
  BooleanInput,
  CheckboxGroupInput,
  Edit,
  FormDataConsumer,
  SelectInput,
  SimpleForm,
  TextInput,
  useRecordContext,
  required,
} from 'react-admin';
import { Box, Typography } from '@mui/material';
import { TYPES } from '@/shared/results';
import { SaveOnlyToolbar } from '@/shared/SaveOnlyToolbar';
import { CURRENCIES, PAYMENT_TYPES, paymentTypeLabel } from '@/resources/customers/choices';
import { RecordTitle } from '@/shared/RecordTitle';
import { CountryPicker, InstitutePicker } from '@/shared/pickers';

type CustomerForm = Record<string, unknown> & { customTypes?: boolean; allowedTypes?: string[] | null };

/** allowedTypes is null for the account kind's defaults (access.md 6.4); a list overrides them. */
const transform = ({ customTypes, ...data }: CustomerForm) => ({
  ...data,
  allowedTypes: customTypes ? (data.allowedTypes ?? []) : null,
});

function PaymentTypeInput() {
  const record = useRecordContext();
  const current = record?.paymentType as string | undefined;
  const choices = current && !PAYMENT_TYPES.some((c) => c.id === current) ? [...PAYMENT_TYPES, { id: current, name: paymentTypeLabel(current) }] : PAYMENT_TYPES;
  return <SelectInput source="paymentType" label="Payment type" choices={choices} validate={required()} />;
}

function CustomTypesToggle() {
  const record = useRecordContext();
  return <BooleanInput source="customTypes" label="Custom allowed types (otherwise the defaults for the account kind)" defaultValue={Array.isArray(record?.allowedTypes)} />;
}

export function CustomerEdit() {
  return (
    <Edit mutationMode="pessimistic" transform={transform} redirect="show" title={<RecordTitle prefix="Settings: " />}>
      <SimpleForm sx={{ maxWidth: 880 }} toolbar={<SaveOnlyToolbar />}>
        <Box sx={{ display: 'grid', columnGap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, width: '100%' }}>
          <TextInput source="name" label="Name" validate={required()} sx={{ gridColumn: { md: '1 / -1' } }} />
          <PaymentTypeInput />
          <SelectInput source="currency" label="Currency" choices={CURRENCIES} validate={required()} />
          <CountryPicker source="country" label="Country" helperText="Type part of its name or its code" />
          <BooleanInput source="vatPayer" label="VAT payer" sx={{ alignSelf: 'center' }} />
          <TextInput source="refLabel" label="Reference label" helperText="Label of the customer reference (refLabel)" />
          <TextInput source="appRefLabel" label="Application reference label" />
          <InstitutePicker source="instituteId" label="Institute" helperText="Institute accounts: the institute they resolve for. Type part of its name" />
        </Box>
        <Typography variant="subtitle2" sx={{ mt: 1 }}>
          Allowed verification types
        </Typography>
        <CustomTypesToggle />
        <FormDataConsumer>
          {({ formData }) => (formData.customTypes ? <CheckboxGroupInput source="allowedTypes" label={false} choices={TYPES} /> : null)}
        </FormDataConsumer>
      </SimpleForm>
    </Edit>
  );
}

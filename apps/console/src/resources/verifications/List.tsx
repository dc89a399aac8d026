import { useMediaQuery, type Theme } from '@mui/material';
import {
  AutocompleteInput,
  DataTable,
  FilterButton,
  List,
  ReferenceInput,
  SearchInput,
  SelectArrayInput,
  SimpleList,
  TextInput,
  TopToolbar,
  usePermissions,
} from 'react-admin';
import type { ConsoleRole } from '@/auth/permissions';
import { ListError } from '@/shared/LoadError';
import { RESULT_CHOICES, TYPES, typeName } from '@/shared/results';
import { UkDateField } from '@/shared/UkDateField';
import { UkDateFilter } from '@/shared/UkDateInput';
import { ukDate } from '@/shared/format';
import { ResultChip } from '@/resources/verifications/ResultChip';
import type { StaffVerificationRow } from '@credence/api-contract';
import { customerName, instituteOrOrganisation, personName, requestedBy } from '@/resources/verifications/names';
import { EmptyList } from '@/shared/EmptyList';
import { Stacked } from '@/shared/Stacked';

/** The history filters of verifications.md 2.10, across customers, plus customer and institute for staff. */
export const verificationFilters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Name, QCID or reference" />,
  <SelectArrayInput key="results" source="results" label="Result" choices={RESULT_CHOICES} alwaysOn sx={{ minWidth: 200 }} />,
  <ReferenceInput key="companyId" source="companyId" reference="customers">
    <AutocompleteInput label="Customer" optionText="name" filterToQuery={(q: string) => ({ q })} sx={{ minWidth: 220 }} />
  </ReferenceInput>,
  <TextInput key="requestedBy" source="requestedBy" label="Requested by" helperText="Username" />,
  <SelectArrayInput key="type" source="type" label="Type" choices={TYPES.map((t) => ({ id: t.alias, name: t.name }))} />,
  <TextInput key="customerReference" source="customerReference" label="Customer reference" />,
  <ReferenceInput key="instituteId" source="instituteId" reference="institutes">
    <AutocompleteInput label="Institute" optionText="name" filterToQuery={(q: string) => ({ q })} sx={{ minWidth: 240 }} />
  </ReferenceInput>,
  <UkDateFilter key="fromDate" source="fromDate" label="From" />,
  <UkDateFilter key="toDate" source="toDate" label="To" />,
];

// Eight columns ran past a 1280 px screen: type and requester now sit under the institute and the customer, and
// date and customer wait for a wide screen (lg), so the status is never cut off.
const NOWRAP = { whiteSpace: 'nowrap' } as const;
const FROM_LG = { display: { xs: 'none', lg: 'table-cell' } } as const;

/** REJECTED and NOT_FOUND rows are highlighted (2.10). */
const rowSx = (v: StaffVerificationRow) => (v.result === 'REJECTED' || v.result === 'NOT_FOUND' ? { bgcolor: '#fff8e6' } : {});

/** Auditors read verifications only: no filter that looks customers or institutes up in their staff resources. */
const AUDITOR_FILTERS = verificationFilters.filter((f) => f.key !== 'companyId' && f.key !== 'instituteId');

export function VerificationList() {
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const { permissions } = usePermissions<ConsoleRole | null>();
  return (
    <List
      title="Verifications"
      sort={{ field: 'recorded', order: 'DESC' }}
      filters={permissions === 'auditor' ? AUDITOR_FILTERS : verificationFilters}
      perPage={25}
      empty={<EmptyList title="No verifications yet">Requests customers submit in the portal appear here, across every customer.</EmptyList>}
      error={<ListError />}
      actions={
        <TopToolbar>
          <FilterButton />
        </TopToolbar>
      }
    >
      {small ? (
        <SimpleList<StaffVerificationRow>
          primaryText={(v) => personName(v)}
          secondaryText={(v) => `${ukDate(v.recorded)} · ${instituteOrOrganisation(v)} · ${customerName(v)}`}
          tertiaryText={(v) => <ResultChip result={v.result} />}
          linkType="show"
          sx={{ '& .RaSimpleList-tertiary': { opacity: 1 } }}
        />
      ) : (
        <DataTable<StaffVerificationRow> rowClick="show" bulkActionButtons={false} rowSx={rowSx}>
          <DataTable.Col source="recorded" label="Date" sx={FROM_LG}>
            <UkDateField source="recorded" />
          </DataTable.Col>
          <DataTable.Col source="id" label="QCID" disableSort sx={NOWRAP} />
          <DataTable.Col label="Name" disableSort render={personName} sx={NOWRAP} />
          <DataTable.Col
            source="instituteName"
            label="Institute / Organisation"
            render={(v: StaffVerificationRow) => <Stacked primary={instituteOrOrganisation(v)} secondary={typeName(v.type)} />}
          />
          <DataTable.Col
            source="companyName"
            label="Customer"
            sx={{ ...FROM_LG, ...NOWRAP }}
            render={(v: StaffVerificationRow) => <Stacked primary={customerName(v)} secondary={requestedBy(v)} />}
          />
          <DataTable.Col source="result" label="Status" sx={NOWRAP} render={(v) => <ResultChip result={v.result} />} />
        </DataTable>
      )}
    </List>
  );
}

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
  TopToolbar,
} from 'react-admin';
import { EmptyList } from '@/shared/EmptyList';
import { ListError } from '@/shared/LoadError';
import { StatusChip } from '@/shared/StatusChip';
import { UkDateField } from '@/shared/UkDateField';
import { ukDate } from '@/shared/format';
import { ApplicationStatusChip } from '@/resources/applications/ApplicationStatusChip';
import { STATUS, STATUS_CHOICES, type ApplicationRecord } from '@/resources/applications/status';

/** The applicant history's filters (verifications.md 2.13) across organisations: quick search, status, organisation. */
export const applicationFilters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Applicant, organisation, id or reference" />,
  <SelectArrayInput
    key="status"
    source="status"
    label="Status"
    choices={STATUS_CHOICES}
    alwaysOn
    sx={{ minWidth: 200 }}
  />,
  <ReferenceInput
    key="ownerCompanyId"
    source="ownerCompanyId"
    reference="customers"
    filter={{ individual: false }}
  >
    <AutocompleteInput
      label="Organisation"
      optionText="name"
      filterToQuery={(q: string) => ({ q })}
      sx={{ minWidth: 240 }}
    />
  </ReferenceInput>,
];

/** Completed rows are bold, as in the applicant history (2.13). */
const rowSx = (a: ApplicationRecord) => ({
  '& td': { fontWeight: a.status === 'COMPLETED' ? 700 : undefined },
});

export function ApplicationList() {
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <List
      title="Applications"
      sort={{ field: 'created', order: 'DESC' }}
      filters={applicationFilters}
      perPage={25}
      empty={
        <EmptyList title="No applications yet">
          Applications applicants make to organisations appear here, across every organisation.
        </EmptyList>
      }
      error={<ListError />}
      actions={
        <TopToolbar>
          <FilterButton />
        </TopToolbar>
      }
    >
      {small ? (
        <SimpleList<ApplicationRecord>
          primaryText={(a) => a.applicantName}
          secondaryText={(a) =>
            `${a.ownerName} · ${STATUS[a.status]?.note ?? STATUS[a.status]?.label ?? a.status}`
          }
          tertiaryText={(a) => ukDate(a.created)}
          linkType="show"
        />
      ) : (
        <DataTable<ApplicationRecord> rowClick="show" bulkActionButtons={false} rowSx={rowSx}>
          <DataTable.Col source="created" label="Created">
            <UkDateField source="created" />
          </DataTable.Col>
          <DataTable.Col source="submitted" label="Submitted" disableSort>
            <UkDateField source="submitted" />
          </DataTable.Col>
          <DataTable.Col source="ownerName" label="Organisation" />
          <DataTable.Col source="applicantName" label="Applicant" />
          <DataTable.Col source="customerReference" label="Reference" disableSort />
          <DataTable.Col
            source="status"
            label="Status"
            render={(a) => <ApplicationStatusChip status={a.status} />}
          />
          <DataTable.Col source="verificationCount" label="Verifications" disableSort />
          <DataTable.Col
            label=""
            disableSort
            render={(a) => (a.insightTag ? <StatusChip label="Insights" tone="warning" /> : null)}
          />
        </DataTable>
      )}
    </List>
  );
}

import { Typography } from '@mui/material';
import { lazy, Suspense } from 'react';
import {
  DataTable,
  DeleteButton,
  ListButton,
  ReferenceManyField,
  Show,
  TopToolbar,
  useRecordContext,
} from 'react-admin';
import type { eventWithTime } from 'rrweb';
import { Fact, FactGrid } from '@/shared/Fact';
import { PageSection } from '@/shared/PageSection';
import { RecordTitle } from '@/shared/RecordTitle';
import { ukDate } from '@/shared/format';
import { UkDateField } from '@/shared/UkDateField';
import { sourceOf } from '@/resources/error-reports/sources';
import { browserOf, reasonOf, sizeOf } from './format';
import { UserAgentLine } from './UserAgentLine';

// rrweb's replayer is loaded only when a session is opened: the console's main bundle stays without it.
const ReplayPanel = lazy(() => import('./ReplayPanel'));

/** What the recording is: who, when, in which browser, and how much the portal sent. */
function Facts() {
  const r = useRecordContext();
  if (!r) return null;
  return (
    <PageSection title="Debug session">
      <FactGrid>
        <Fact label="Started">{ukDate(r.startedAt, true)}</Fact>
        <Fact label="Last event">{ukDate(r.lastAt, true)}</Fact>
        <Fact label="User">{r.username ?? 'Signed out'}</Fact>
        <Fact label="Reason">{reasonOf(r.reason)}</Fact>
        <Fact label="Browser">{browserOf(r.userAgent)}</Fact>
        <Fact label="Portal version">{r.appVersion}</Fact>
        <Fact label="Size">{sizeOf(r.bytes)}</Fact>
        <Fact label="Chunks">{r.chunks}</Fact>
        <Fact label="Id">{r.id}</Fact>
      </FactGrid>
      <UserAgentLine userAgent={r.userAgent} />
    </PageSection>
  );
}

/** The recorded events replayed; the list's copy of the record has none yet, so it waits for the full one. */
function Replay() {
  const r = useRecordContext();
  const events = r?.events as eventWithTime[] | undefined;
  return (
    <PageSection title="Replay">
      {!Array.isArray(events) ? (
        <Typography variant="body2" color="text.secondary">
          Loading the recording…
        </Typography>
      ) : events.length < 2 ? (
        <Typography variant="body2">This recording has no events yet.</Typography>
      ) : (
        <Suspense
          fallback={
            <Typography variant="body2" color="text.secondary">
              Loading the player…
            </Typography>
          }
        >
          <ReplayPanel events={events} />
        </Suspense>
      )}
    </PageSection>
  );
}

/** Access 9: the errors the portal reported in this session, each opening to its report. */
function Errors() {
  return (
    <PageSection title="Errors in this session">
      <ReferenceManyField
        reference="error-reports"
        target="recordingId"
        sort={{ field: 'occurredAt', order: 'ASC' }}
        perPage={25}
        empty={
          <Typography variant="body2" color="text.secondary">
            No error was reported in this session.
          </Typography>
        }
      >
        <DataTable rowClick="show" bulkActionButtons={false}>
          <DataTable.Col source="occurredAt" label="When" disableSort>
            <UkDateField source="occurredAt" showTime />
          </DataTable.Col>
          <DataTable.Col label="Source" disableSort render={(e) => sourceOf(e.source)} />
          <DataTable.Col source="message" label="Message" disableSort />
          <DataTable.Col source="path" label="Page" disableSort />
        </DataTable>
      </ReferenceManyField>
    </PageSection>
  );
}

export function DebugRecordingShow() {
  return (
    <Show
      title={<RecordTitle field="username" prefix="Debug session " />}
      actions={
        <TopToolbar>
          <ListButton />
          <DeleteButton
            mutationMode="pessimistic"
            confirmTitle="Delete this debug session?"
            confirmContent="The recording and all its events are deleted for good. Delete it once support has reviewed the session."
          />
        </TopToolbar>
      }
      // A recording still in progress would grow, and restart its replay, each time the window is focused; the
      // Refresh button fetches its newer events when wanted.
      queryOptions={{ refetchOnWindowFocus: false }}
      sx={{ '& .RaShow-card': { bgcolor: 'transparent', border: 0, boxShadow: 'none' } }}
    >
      <Facts />
      <Replay />
      <Errors />
    </Show>
  );
}

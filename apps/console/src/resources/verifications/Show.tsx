import Download from '@mui/icons-material/Download';
import { Alert, Box, Button, Chip, Typography } from '@mui/material';
import { resultFooter } from '@credence/domain';
import { Link, ListButton, Show, TopToolbar, useCanAccess, useCreatePath, useGetOne, useNotify, useRecordContext } from 'react-admin';
import { tokens } from '@/auth/tokens';
import { EventTimeline } from '@/shared/EventTimeline';
import { PageSection } from '@/shared/PageSection';
import { ShowError } from '@/shared/LoadError';
import { typeName } from '@/shared/results';
import { ukDate } from '@/shared/format';
import { ResultChip } from '@/resources/verifications/ResultChip';
import { CancelVerificationButton, CommentButton, MarkDelayedButton, ResolveButton } from '@/resources/verifications/StaffActions';
import { customerName, instituteOrOrganisation, person, personName, requestedBy, type VerificationRecord } from '@/resources/verifications/names';
import { useTimeline } from '@/resources/verifications/useTimeline';
import { ReplayPanel } from '@/resources/verifications/ReplayPanel';
import { RecordTitle } from '@/shared/RecordTitle';

/** Person fields shown on their own lines, and contact fields the result card never shows (2.9). */
const SHOWN_APART = new Set(['firstname', 'middlename', 'surname', 'dob', 'thirdPartyData', 'employerName']);
const HIDDEN = /^employer(Contact|Phone|Email)|^employerContactName|^employerEmail|^employerPhone/;

/** 'gradYear' -> 'Grad year': the institute's field keys, readable. */
const humanKey = (key: string) => key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase().replace(/^./, (c) => c.toUpperCase());

function Line({ label, children }: { label: string; children: React.ReactNode }) {
  if (children === null || children === undefined || children === '') return null;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '220px 1fr' }, gap: { xs: 0, sm: 2 }, py: 0.75, borderBottom: '1px solid', borderColor: 'divider' }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ wordBreak: 'break-word' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** The result card of verifications.md 2.9, for staff: everything the customer sees, and which result it is. */
function ResultCard() {
  const v = useRecordContext<VerificationRecord>();
  const createPath = useCreatePath();
  // Staff actions are edits of the verification: auditors (read-only) do not get them.
  const { canAccess: mayAct } = useCanAccess({ resource: 'verifications', action: 'edit' });
  const { canAccess: mayOpenInvoice } = useCanAccess({ resource: 'invoices', action: 'show' });
  // The institute's own names for the fields it asks ('Year of Graduation / Issue'); the key's words until they come,
  // or for a staff role that may not open the catalogue (auditors).
  const { canAccess: mayReadInstitute } = useCanAccess({ resource: 'institutes', action: 'show' });
  const { data: institute } = useGetOne<{ id: string; fields?: { key: string; name: string }[] }>(
    'institutes',
    { id: v?.instituteId ?? '' },
    { enabled: !!v?.instituteId && !!mayReadInstitute, retry: false },
  );
  const labelOf = (key: string) => institute?.fields?.find((f) => f.key === key)?.name ?? humanKey(key);
  // In the order the institute asks for them (as the portal's result card shows them); others after, as stored.
  const rank = (key: string) => {
    const i = institute?.fields?.findIndex((f) => f.key === key) ?? -1;
    return i === -1 ? Number.MAX_SAFE_INTEGER : i;
  };
  if (!v) return null;
  // A field left empty comes back null: it gets no line, rather than the word 'null'.
  const fields = Object.entries(v.fields ?? {})
    .filter(([k, value]) => value !== null && value !== undefined && !SHOWN_APART.has(k) && !HIDDEN.test(k))
    .sort(([a], [b]) => rank(a) - rank(b));
  const subjects = (v.additionalFieldData ?? []).flatMap((a) => a.subjects ?? []);
  const footer = (v.footer as string | null | undefined) ?? (v.result ? resultFooter(v.result, v.instituteId ?? null) : null);
  const thirdParty = v.fields?.thirdPartyData as Record<string, unknown> | undefined;
  return (
    <PageSection
      title="Result"
      action={
        mayAct ? (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <ResolveButton />
            <CommentButton />
            <MarkDelayedButton />
            <CancelVerificationButton />
          </Box>
        ) : null
      }
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 1.5, flexWrap: 'wrap' }}>
        <Typography component="p" variant="h5" sx={{ fontWeight: 700 }}>
          {personName(v) || v.id}
        </Typography>
        <ResultChip result={v.result} distinct />
      </Box>
      <Line label="QCID">{v.id}</Line>
      <Line label="Customer reference">{v.customerReference}</Line>
      <Line label="Customer">{customerName(v)}</Line>
      <Line label="Requested by">{requestedBy(v)}</Line>
      <Line label="Recorded">{ukDate(v.recorded, true)}</Line>
      <Line label="Type">{typeName(v.type)}</Line>
      <Line label={v.type === 'EMPLOYMENT' ? 'Organisation' : 'Institute'}>{instituteOrOrganisation(v)}</Line>
      <Line label="Country">{v.institute?.region.name}</Line>
      <Line label="Accreditation">{v.accreditationStatus}</Line>
      <Line label="First name">{person(v).firstname}</Line>
      <Line label="Middle name">{person(v).middlename}</Line>
      <Line label="Last name">{person(v).surname}</Line>
      <Line label="Date of birth">{person(v).dob ? ukDate(person(v).dob) : null}</Line>
      {fields.map(([k, value]) => (
        <Line key={k} label={labelOf(k)}>
          {typeof value === 'object' ? JSON.stringify(value) : String(value)}
        </Line>
      ))}
      {subjects.length ? (
        <Line label="Courses / Subjects">
          {subjects.map((s) => (
            <Chip key={`${s.name}-${s.mark}`} size="small" label={`${s.name}: ${s.mark}`} sx={{ mr: 0.5, mb: 0.5 }} />
          ))}
        </Line>
      ) : null}
      <Line label="Institute / Employer provided details">{v.notes}</Line>
      <Line label="Approved by">{v.approvedByName ? `${v.approvedByName}${v.approvedByTitle ? `, ${v.approvedByTitle}` : ''}${v.approvedDate ? ` (as of ${ukDate(v.approvedDate)})` : ''}` : null}</Line>
      <Line label="Resolved by process">{v.approvalProcess as string | undefined}</Line>
      <Line label="Invoice">{v.invoiceId && mayOpenInvoice ? <Link to={createPath({ resource: 'invoices', id: String(v.invoiceId), type: 'show' })}>{String(v.invoiceId)}</Link> : v.invoiceId}</Line>
      {typeof v.retriesLeft === 'number' && v.result === 'NOT_FOUND' ? <Line label="Retries left">{v.retriesLeft}</Line> : null}
      {thirdParty && Object.keys(thirdParty).length ? (
        <Line label="Data from records">
          {Object.entries(thirdParty).map(([k, val]) => (
            <div key={k}>
              {labelOf(k)}: {typeof val === 'boolean' ? (val ? 'Yes' : 'No') : String(val)}
            </div>
          ))}
        </Line>
      ) : null}
      {footer ? (
        <Alert severity="info" sx={{ mt: 2 }}>
          {footer}
        </Alert>
      ) : null}
    </PageSection>
  );
}

async function download(verificationId: string, doc: { id: string; filename?: string; name?: string }, fail: (m: string) => void) {
  const response = await fetch(`/v1/verification/${encodeURIComponent(verificationId)}/document/${encodeURIComponent(doc.id)}`, {
    headers: { 'X-AUTH-TOKEN': tokens.token, 'X-Client-Type': 'WEB' },
  });
  if (!response.ok) return fail(`The document could not be downloaded (${response.status}).`);
  const url = URL.createObjectURL(await response.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = doc.filename ?? doc.name ?? `${doc.id}.pdf`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function Documents() {
  const v = useRecordContext<VerificationRecord>();
  const notify = useNotify();
  if (!v) return null;
  const docs = [...(v.documents ?? []), ...(v.outputDocs ?? []).map((d) => ({ ...d, output: true }))];
  return (
    <PageSection title="Documents">
      {docs.length ? (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
          {docs.map((d) => (
            <Box component="li" key={d.id} sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {d.name ?? d.filename ?? d.id}
              </Typography>
              {/* The name says what it is; the stored type stays, quietly, for staff who search by it. */}
              {'type' in d && d.type ? (
                <Typography component="code" variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
                  {d.type}
                </Typography>
              ) : null}
              {'output' in d && d.output ? <Chip size="small" color="success" label="Output" /> : null}
              <Button size="small" startIcon={<Download />} onClick={() => void download(v.id, d, (m) => notify(m, { type: 'error' }))}>
                Download
              </Button>
            </Box>
          ))}
        </Box>
      ) : (
        <Typography variant="body2" color="text.secondary">
          No documents.
        </Typography>
      )}
    </PageSection>
  );
}

function Timeline() {
  const v = useRecordContext<VerificationRecord>();
  const { events, loading, error } = useTimeline(v?.id);
  return (
    <PageSection title="Event timeline">
      {error ? <Alert severity="error">{error}</Alert> : null}
      {loading ? (
        <Typography variant="body2" color="text.secondary">
          Loading the events…
        </Typography>
      ) : (
        <EventTimeline events={events} empty="No events recorded for this verification." />
      )}
    </PageSection>
  );
}

function Replay() {
  const v = useRecordContext<VerificationRecord>();
  return v ? <ReplayPanel id={v.id} /> : null;
}

export function VerificationShow() {
  return (
    <Show
      title={<RecordTitle field="id" prefix="Verification " />}
      error={<ShowError />}
      actions={
        <TopToolbar>
          <ListButton />
        </TopToolbar>
      }
      sx={{ '& .RaShow-card': { bgcolor: 'transparent', border: 0, boxShadow: 'none' } }}
    >
      <ResultCard />
      <Documents />
      <Timeline />
      <Replay />
    </Show>
  );
}

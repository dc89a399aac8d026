import Download from '@mui/icons-material/Download';
import {
  Alert,
  Box,
  Button,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';
import { Link, ListButton, Show, TopToolbar, useCreatePath, useNotify, useRecordContext } from 'react-admin';
import { tokens } from '@/auth/tokens';
import { Fact, FactGrid } from '@/shared/Fact';
import { ShowError } from '@/shared/LoadError';
import { PageSection } from '@/shared/PageSection';
import { RecordTitle } from '@/shared/RecordTitle';
import { StatusChip } from '@/shared/StatusChip';
import { ukDate } from '@/shared/format';
import { typeName } from '@/shared/results';
import { ApplicationStatusChip } from '@/resources/applications/ApplicationStatusChip';
import { ArchiveButton } from '@/resources/applications/ArchiveButton';
import { INSIGHT_NAMES, type ApplicationRecord } from '@/resources/applications/status';
import { ResultChip } from '@/resources/verifications/ResultChip';
import { instituteOrOrganisation, personName } from '@/resources/verifications/names';

function CustomerLink({ id, children }: { id: string | null | undefined; children: ReactNode }) {
  const createPath = useCreatePath();
  if (!id) return <>{children}</>;
  return <Link to={createPath({ resource: 'customers', id, type: 'show' })}>{children}</Link>;
}

function Summary() {
  const a = useRecordContext<ApplicationRecord>();
  if (!a) return null;
  return (
    <PageSection title="Application" action={<ArchiveButton />}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2, flexWrap: 'wrap' }}>
        <Typography component="p" variant="h5" sx={{ fontWeight: 700 }}>
          Application to {a.ownerName}
        </Typography>
        <ApplicationStatusChip status={a.status} />
        {a.insightTag ? <StatusChip label="Insights" tone="warning" /> : null}
      </Box>
      <FactGrid>
        <Fact label="Applicant">
          <CustomerLink id={a.applicantCompanyId}>{a.applicantName}</CustomerLink>
          {a.applicant.username ? (
            <Typography variant="caption" color="text.secondary" component="div">
              {a.applicant.username}
            </Typography>
          ) : null}
        </Fact>
        <Fact label="Organisation">
          <CustomerLink id={a.ownerCompanyId}>{a.ownerName}</CustomerLink>
        </Fact>
        <Fact label="Reference">{a.customerReference}</Fact>
        <Fact label="Application id">{a.id}</Fact>
        <Fact label="Created">{ukDate(a.created, true)}</Fact>
        <Fact label="Submitted">{ukDate(a.submitted, true)}</Fact>
        <Fact label="Completed">{ukDate(a.completed, true)}</Fact>
        <Fact label="Archived">{ukDate(a.archived, true)}</Fact>
        <Fact label="Verifications">{a.verificationCount}</Fact>
        <Fact label="Who pays">{a.applicantPays ? 'The applicant' : 'The organisation'}</Fact>
      </FactGrid>
      {a.description ? (
        <Alert severity="info" sx={{ mt: 2 }}>
          {a.description}
        </Alert>
      ) : null}
    </PageSection>
  );
}

function Details() {
  const a = useRecordContext<ApplicationRecord>();
  if (!a?.fields?.length) return null;
  return (
    <PageSection title="Application Details">
      <FactGrid columns={3}>
        {a.fields.map((f) => (
          <Fact key={f.key} label={f.name}>
            {f.value === null ? null : String(f.value)}
          </Fact>
        ))}
      </FactGrid>
    </PageSection>
  );
}

/** Opens an application document the way the verification page does: fetched with the staff token, then saved. */
async function download(
  applicationId: string,
  doc: ApplicationRecord['documents'][number],
  fail: (m: string) => void,
) {
  const response = await fetch(
    `/v1/application/${encodeURIComponent(applicationId)}/document/${encodeURIComponent(doc.id)}`,
    {
      headers: { 'X-AUTH-TOKEN': tokens.token, 'X-Client-Type': 'WEB' },
    },
  );
  if (!response.ok) return fail(`The document could not be downloaded (${response.status}).`);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = doc.filename || `${doc.id}.pdf`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function Documents() {
  const a = useRecordContext<ApplicationRecord>();
  const notify = useNotify();
  if (!a) return null;
  return (
    <PageSection title="Documents">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Documents and evidence provided for the application, in addition to any documents provided for the
        verifications.
      </Typography>
      {a.documents.length ? (
        <>
          <Typography variant="subtitle2">Application documents:</Typography>
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
            {a.documents.map((d) => (
              <Box
                component="li"
                key={d.id}
                sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
              >
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {d.name}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {d.filename}
                </Typography>
                {d.required ? <StatusChip label="Required" /> : null}
                <Button
                  size="small"
                  startIcon={<Download />}
                  aria-label={`Download ${d.name}`}
                  onClick={() => void download(a.id, d, (m) => notify(m, { type: 'error' }))}
                >
                  Download
                </Button>
              </Box>
            ))}
          </Box>
        </>
      ) : (
        <Typography variant="body2" color="text.secondary">
          No documents are available to review yet.
        </Typography>
      )}
    </PageSection>
  );
}

function Verifications() {
  const a = useRecordContext<ApplicationRecord>();
  const createPath = useCreatePath();
  if (!a) return null;
  const listed = new Map(a.verifications.map((v) => [v.id, v]));
  return (
    <PageSection title="Verifications">
      {a.verificationIds.length ? (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            Verified qualifications included in the application.
          </Typography>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>QCID</TableCell>
                <TableCell>Name</TableCell>
                <TableCell>Type</TableCell>
                <TableCell>Institute / Organisation</TableCell>
                <TableCell>Status</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {a.verificationIds.map((id) => {
                const v = listed.get(id);
                return (
                  <TableRow key={id}>
                    <TableCell>
                      <Link to={createPath({ resource: 'verifications', id, type: 'show' })}>{id}</Link>
                    </TableCell>
                    <TableCell>{v ? personName(v) : null}</TableCell>
                    <TableCell>{v ? typeName(v.type) : null}</TableCell>
                    <TableCell>{v ? instituteOrOrganisation(v) : null}</TableCell>
                    <TableCell>
                      {v ? (
                        <ResultChip result={v.result} />
                      ) : (
                        <Typography variant="caption" color="text.secondary">
                          Not in the verification list yet
                        </Typography>
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </>
      ) : (
        <Typography variant="body2" color="text.secondary">
          The applicant has not submitted any verifications yet.
        </Typography>
      )}
    </PageSection>
  );
}

/** Application Insights, only when there are any (2.13). */
function Insights() {
  const a = useRecordContext<ApplicationRecord>();
  if (!a?.insight?.length) return null;
  return (
    <PageSection title="Application Insights">
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>Check</TableCell>
            <TableCell>Institute / Organisation</TableCell>
            <TableCell>Type</TableCell>
            <TableCell>Match</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {a.insight.map((i, n) => (
            <TableRow key={`${i.type}-${i.instituteName}-${n}`}>
              <TableCell title={i.type}>{INSIGHT_NAMES[i.type] ?? i.type}</TableCell>
              <TableCell>{i.instituteName}</TableCell>
              <TableCell>{typeName(i.instituteType)}</TableCell>
              <TableCell>
                <StatusChip label={i.isMatch ? 'Match' : 'No match'} tone={i.isMatch ? 'success' : 'error'} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </PageSection>
  );
}

export function ApplicationShow() {
  return (
    <Show
      title={<RecordTitle field="applicantName" prefix="Application of " />}
      error={<ShowError />}
      actions={
        <TopToolbar>
          <ListButton />
        </TopToolbar>
      }
      sx={{ '& .RaShow-card': { bgcolor: 'transparent', border: 0, boxShadow: 'none' } }}
    >
      <Summary />
      <Details />
      <Verifications />
      <Insights />
      <Documents />
    </Show>
  );
}
